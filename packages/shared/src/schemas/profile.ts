import { z } from 'zod';
import { userSchema } from './auth';

export const WORK_AUTHORIZATION_OPTIONS = [
  { value: 'citizen', label: 'Citizen/Permanent Resident' },
  { value: 'work_visa', label: 'Work visa/permit' },
  { value: 'need_sponsorship', label: 'Need sponsorship' },
] as const;
export const workAuthorizationSchema = z.enum(['citizen', 'work_visa', 'need_sponsorship']);
export type WorkAuthorization = z.infer<typeof workAuthorizationSchema>;

export type EducationEntry = { school?: string; degree?: string; field?: string; year?: string };
export type WorkExperienceEntry = {
  company?: string;
  title?: string;
  startDate?: string;
  endDate?: string;
  description?: string;
};
export type ProjectEntry = { name?: string; description?: string; url?: string };
export type PublicationEntry = { title?: string; publisher?: string; year?: string; url?: string };
export type CertificationEntry = { name?: string; issuer?: string; year?: string };

/** The profile as GET /api/profile/me returns it: the user plus every profile field. */
export const profileMeSchema = userSchema.extend({
  bio: z.string().nullable(),
  expertise: z.array(z.string()),
  position: z.string().nullable(),
  skills: z.array(z.string()),
  experience_years: z.number().nullable(),
  education: z.array(z.record(z.string(), z.string().optional())),
  work_experience: z.array(z.record(z.string(), z.string().optional())),
  projects: z.array(z.record(z.string(), z.string().optional())),
  publications: z.array(z.record(z.string(), z.string().optional())),
  certifications: z.array(z.record(z.string(), z.string().optional())),
  resume_url: z.string().nullable(),
  work_authorization: z.string().nullable(),
  citizenship: z.string().nullable(),
  phone: z.string().nullable(),
  city: z.string().nullable(),
  country: z.string().nullable(),
  linkedin_url: z.string().nullable(),
  summary: z.string().nullable(),
});
export type ProfileMe = z.infer<typeof profileMeSchema>;
