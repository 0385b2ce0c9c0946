import { z } from 'zod';
import { cleanListEntries } from '../profile-lists';
import { userSchema } from './auth';
import { NUL_MESSAGE, hasNul, linkText, text } from './text';

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

/** A profile list as stored: entries of optional text fields (education, projects, ...). */
const storedListSchema = z.array(z.record(z.string(), z.string().optional()));

/** The profile as GET /api/profile/me returns it: the user plus every profile field. */
export const profileMeSchema = userSchema.extend({
  bio: z.string().nullable(),
  expertise: z.array(z.string()),
  position: z.string().nullable(),
  skills: z.array(z.string()),
  experience_years: z.number().nullable(),
  education: storedListSchema,
  work_experience: storedListSchema,
  projects: storedListSchema,
  publications: storedListSchema,
  certifications: storedListSchema,
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

/* ---------------------------------------------------------------------------------------------- */
/* Saving the profile (PUT /api/profile/complete)                                                  */
/* ---------------------------------------------------------------------------------------------- */

export const PROFILE_LIMITS = {
  name: 200,
  bio: 5000,
  summary: 5000,
  shortText: 200,
  entryField: 500,
  entryDescription: 5000,
  url: 2048,
  listItems: 50,
  expertiseItem: 100,
  experienceYears: 80,
} as const;

export type ProfileListEntry = Record<string, string | undefined>;

/**
 * Expertise (and skills) lists: trimmed, empty entries dropped, duplicates dropped. Duplicates are
 * compared case-insensitively ("Figma" and "figma" are one skill); the first spelling is kept.
 */
export function normalizeExpertise(items: readonly string[] | null | undefined): string[] {
  if (!items) return [];
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of items) {
    if (typeof raw !== 'string') continue;
    const item = raw.trim();
    const key = item.toLowerCase();
    if (!item || seen.has(key)) continue;
    seen.add(key);
    out.push(item);
  }
  return out;
}

const entryText = (max: number = PROFILE_LIMITS.entryField) =>
  text().trim().max(max, `Must be at most ${max} characters`).optional();

export const educationEntrySchema = z.object({
  school: entryText(),
  degree: entryText(),
  field: entryText(),
  year: entryText(),
});
export const workExperienceEntrySchema = z.object({
  company: entryText(),
  title: entryText(),
  startDate: entryText(),
  endDate: entryText(),
  description: entryText(PROFILE_LIMITS.entryDescription),
});
export const projectEntrySchema = z.object({
  name: entryText(),
  description: entryText(PROFILE_LIMITS.entryDescription),
  url: linkText(PROFILE_LIMITS.url).optional(),
});
export const publicationEntrySchema = z.object({
  title: entryText(),
  publisher: entryText(),
  year: entryText(),
  url: linkText(PROFILE_LIMITS.url).optional(),
});
export const certificationEntrySchema = z.object({
  name: entryText(),
  issuer: entryText(),
  year: entryText(),
});

/** A list of entries, cleaned of all-blank entries; the size limit applies to what is sent. */
const entryList = <S extends z.ZodType<ProfileListEntry>>(entry: S, label: string) =>
  z
    .array(entry)
    .max(PROFILE_LIMITS.listItems, `At most ${PROFILE_LIMITS.listItems} ${label} entries`)
    .nullable()
    .transform((list) => cleanListEntries(list ?? []));

/** A phone number: digits with the usual marks (+, spaces, dashes, dots, brackets), at least five digits (issue 43). */
export const PHONE_MESSAGE = 'Enter a phone number in digits, e.g. +1 555 010 0199';
export const isPhoneNumber = (value: string) =>
  /^\+?[\d\s().-]+$/.test(value.trim()) && (value.match(/\d/g)?.length ?? 0) >= 5;

const optionalText = (max: number) =>
  text()
    .trim()
    .max(max, `Must be at most ${max} characters`)
    .nullable()
    .transform((v) => v || null);

/** A link the web app may render: an http(s) address, or (files) an uploaded file on this server. */
const linkSchema = (opts: { files?: boolean } = {}) =>
  linkText(PROFILE_LIMITS.url, opts)
    .nullable()
    .transform((v) => v || null);

const textList = (label: string, message?: string) =>
  z
    .array(
      text().max(
        PROFILE_LIMITS.expertiseItem,
        `Each ${label} must be at most ${PROFILE_LIMITS.expertiseItem} characters`,
      ),
      message ? { message } : undefined,
    )
    .max(PROFILE_LIMITS.listItems, `At most ${PROFILE_LIMITS.listItems} ${label} entries`)
    .transform(normalizeExpertise);

export const NAME_REQUIRED = 'Name is required';
export const BIO_REQUIRED = 'Bio is required';
export const EXPERTISE_REQUIRED = 'Please provide at least one expertise area';

/**
 * The profile payload of PUT /api/profile/complete (onboarding, application wizard and profile
 * screen). name, bio and expertise are required; every other field is optional: a field left out
 * keeps its stored value, null (or an empty list / empty string) clears it.
 */
export const profileCompleteRequestSchema = z.object({
  name: z
    .string({ error: (i) => (i.input === undefined ? NAME_REQUIRED : 'Name must be text') })
    .refine((v) => !hasNul(v), { message: NUL_MESSAGE })
    .trim()
    .min(1, NAME_REQUIRED)
    .max(PROFILE_LIMITS.name, `Name must be at most ${PROFILE_LIMITS.name} characters`),
  bio: z
    .string({ error: (i) => (i.input === undefined ? BIO_REQUIRED : 'Bio must be text') })
    .refine((v) => !hasNul(v), { message: NUL_MESSAGE })
    .trim()
    .min(1, BIO_REQUIRED)
    .max(PROFILE_LIMITS.bio, `Bio must be at most ${PROFILE_LIMITS.bio} characters`),
  expertise: textList('expertise', EXPERTISE_REQUIRED).pipe(z.array(z.string()).min(1, EXPERTISE_REQUIRED)),
  position: optionalText(PROFILE_LIMITS.shortText).optional(),
  skills: textList('skill').nullable().optional(),
  experience_years: z
    .number({ message: 'Experience years must be a number' })
    .int('Experience years must be a whole number')
    .min(0, 'Experience years cannot be negative')
    .max(PROFILE_LIMITS.experienceYears, `Experience years must be at most ${PROFILE_LIMITS.experienceYears}`)
    .nullable()
    .optional(),
  education: entryList(educationEntrySchema, 'education').optional(),
  work_experience: entryList(workExperienceEntrySchema, 'work experience').optional(),
  projects: entryList(projectEntrySchema, 'project').optional(),
  publications: entryList(publicationEntrySchema, 'publication').optional(),
  certifications: entryList(certificationEntrySchema, 'certification').optional(),
  resume_url: linkSchema({ files: true }).optional(),
  work_authorization: workAuthorizationSchema.nullable().optional(),
  citizenship: optionalText(100).optional(),
  phone: optionalText(40)
    .refine((v) => v === null || isPhoneNumber(v), PHONE_MESSAGE)
    .optional(),
  city: optionalText(100).optional(),
  country: optionalText(100).optional(),
  linkedin_url: linkSchema().optional(),
  summary: optionalText(PROFILE_LIMITS.summary).optional(),
});
export type ProfileCompleteRequest = z.input<typeof profileCompleteRequestSchema>;
export type ProfileCompleteData = z.output<typeof profileCompleteRequestSchema>;

/** GET /api/profile/interview-status: the caller's latest interview, or null. */
export const latestInterviewSchema = z
  .object({
    id: z.string(),
    job_id: z.string().nullable(),
    job_title: z.string().nullable(),
    status: z.string(),
    acceptance_status: z.string().nullable(),
    created_at: z.string(),
    completed_at: z.string().nullable(),
  })
  .nullable();
export type LatestInterview = z.infer<typeof latestInterviewSchema>;

/* ---------------------------------------------------------------------------------------------- */
/* Resume prefill and LinkedIn import                                                              */
/* ---------------------------------------------------------------------------------------------- */

/** What the server could read from an uploaded resume; only fields it found are present. */
export const resumePrefillSchema = z.object({
  firstName: z.string().optional(),
  lastName: z.string().optional(),
  email: z.string().optional(),
  phone: z.string().optional(),
  city: z.string().optional(),
  country: z.string().optional(),
  linkedinUrl: z.string().optional(),
  education: z.array(educationEntrySchema).optional(),
  workExperience: z.array(workExperienceEntrySchema).optional(),
  expertise: z.array(z.string()).optional(),
});
export type ResumePrefill = z.infer<typeof resumePrefillSchema>;

export const FILE_PURPOSES = ['resume', 'task_media', 'interview_recording', 'interview_answer_audio'] as const;
export const filePurposeSchema = z.enum(FILE_PURPOSES);
export type FilePurpose = z.infer<typeof filePurposeSchema>;

/** POST /api/files/upload reply. `prefill` is present for resumes (possibly empty). */
export const fileUploadReplySchema = z.object({
  id: z.string(),
  url: z.string(),
  content_type: z.string(),
  size: z.number(),
  prefill: resumePrefillSchema.optional(),
  /** Set when the resume was stored but could not be read: the candidate types the fields. */
  prefill_error: z.string().optional(),
});
export type FileUploadReply = z.infer<typeof fileUploadReplySchema>;

export const linkedinScrapeRequestSchema = z.object({
  linkedin_url: z
    .string({ message: 'LinkedIn URL is required' })
    .trim()
    .min(1, 'LinkedIn URL is required')
    .max(PROFILE_LIMITS.url, `Must be at most ${PROFILE_LIMITS.url} characters`),
});
export type LinkedinScrapeRequest = z.infer<typeof linkedinScrapeRequestSchema>;

export const linkedinImportSchema = z.object({
  firstName: z.string(),
  lastName: z.string(),
  city: z.string(),
  country: z.string(),
  bio: z.string(),
  expertise: z.array(z.string()),
  education: z.array(educationEntrySchema),
  work_experience: z.array(workExperienceEntrySchema),
});
export type LinkedinImport = z.infer<typeof linkedinImportSchema>;
