/**
 * The payloads sent to PUT /api/profile/complete by onboarding, the profile screen and the
 * application wizard (docs/product/rules.md). The payload type is the schema's input type,
 * so the client builds exactly what the server validates.
 */
import { DEFAULT_BIO } from './constants';
import { cleanListEntries } from './profile-lists';
import { filled, type OnboardingForm } from './profile-form';
import type { ApplicationState } from './application-form';
import { normalizeExpertise, type ProfileCompleteRequest } from './schemas/profile';
import type {
  CertificationEntry,
  EducationEntry,
  ProjectEntry,
  PublicationEntry,
  WorkExperienceEntry,
} from './schemas/profile';

// ---------------------------------------------------------------------------------------------
// Payloads for PUT /api/profile/complete
// ---------------------------------------------------------------------------------------------

export type ProfileCompletePayload = ProfileCompleteRequest;

type ListFields = Pick<
  ProfileCompletePayload,
  'education' | 'work_experience' | 'projects' | 'publications' | 'certifications'
>;

/** Each list goes out only when it has at least one meaningful entry (docs/product/rules.md). */
function listFields(lists: {
  education?: readonly EducationEntry[] | null;
  work_experience?: readonly WorkExperienceEntry[] | null;
  projects?: readonly ProjectEntry[] | null;
  publications?: readonly PublicationEntry[] | null;
  certifications?: readonly CertificationEntry[] | null;
}): ListFields {
  const out: ListFields = {};
  for (const key of ['education', 'work_experience', 'projects', 'publications', 'certifications'] as const) {
    const cleaned = cleanListEntries((lists[key] ?? []) as Record<string, string | undefined>[]);
    if (cleaned.length) (out as Record<string, unknown>)[key] = cleaned;
  }
  return out;
}

/** Adds the optional string fields that have a value (empty ones are left out). */
function optionalStrings(values: Partial<Record<keyof ProfileCompletePayload, string | null | undefined>>) {
  const out: Partial<ProfileCompletePayload> = {};
  for (const [k, v] of Object.entries(values)) {
    if (typeof v === 'string' && v.trim()) (out as Record<string, string>)[k] = v.trim();
  }
  return out;
}

/** The payload sent when onboarding completes. */
export function buildOnboardingPayload(form: OnboardingForm): ProfileCompletePayload {
  return {
    name: `${form.firstName.trim()} ${form.lastName.trim()}`.trim(),
    bio: form.bio.trim(),
    expertise: normalizeExpertise(form.expertise),
    ...optionalStrings({
      resume_url: form.resumeUrl,
      work_authorization: form.workAuthorized,
      citizenship: form.citizenship,
      phone: form.phone,
      city: form.city,
      country: form.country,
      linkedin_url: form.linkedinUrl,
      summary: form.summary,
    }),
    ...listFields({
      education: form.education,
      work_experience: form.workExperience,
      projects: form.projects,
      publications: form.publications,
      certifications: form.certifications,
    }),
  };
}

/** The profile fields as GET /api/profile/me returns them (the subset the payload builders read). */
export type ProfileFields = {
  name: string | null;
  bio: string | null;
  expertise: string[];
  position: string | null;
  skills: string[];
  experience_years: number | null;
  education: EducationEntry[];
  work_experience: WorkExperienceEntry[];
  projects: ProjectEntry[];
  publications: PublicationEntry[];
  certifications: CertificationEntry[];
  resume_url: string | null;
  work_authorization: string | null;
  citizenship: string | null;
  phone?: string | null;
  city?: string | null;
  country?: string | null;
  linkedin_url?: string | null;
  summary?: string | null;
};

/**
 * The whole profile as the profile screen saves it: empty lists and an empty resume_url are left out
 * (docs/product/rules.md). The server keeps a field that is left out, so when the person emptied a list or the
 * resume URL that `stored` still has, the cleared value is sent instead; otherwise the deletion would
 * silently come back after a reload (docs/decisions/0030-profile-save-clearing.md).
 */
export function buildProfileSavePayload(profile: ProfileFields, stored?: ProfileFields | null): ProfileCompletePayload {
  const payload: ProfileCompletePayload = {
    name: (profile.name ?? '').trim(),
    bio: (profile.bio ?? '').trim(),
    expertise: normalizeExpertise(profile.expertise),
    ...(profile.skills?.length ? { skills: normalizeExpertise(profile.skills) } : {}),
    ...(typeof profile.experience_years === 'number' ? { experience_years: profile.experience_years } : {}),
    ...optionalStrings({
      position: profile.position,
      resume_url: profile.resume_url,
      work_authorization: profile.work_authorization,
      citizenship: profile.citizenship,
      phone: profile.phone,
      city: profile.city,
      country: profile.country,
      linkedin_url: profile.linkedin_url,
      summary: profile.summary,
    }),
    ...listFields(profile),
  };
  if (stored) {
    for (const key of ['education', 'work_experience', 'projects', 'publications', 'certifications'] as const) {
      if (!payload[key] && cleanListEntries((stored[key] ?? []) as Record<string, string | undefined>[]).length)
        (payload as Record<string, unknown>)[key] = [];
    }
    if (!payload.resume_url && filled(stored.resume_url)) (payload as Record<string, unknown>).resume_url = null;
  }
  return payload;
}

/** The profile payload sent when leaving the Availability step (docs/product/rules.md). */
export function buildApplicationPayload(profile: ProfileFields, state: ApplicationState): ProfileCompletePayload {
  const base = buildProfileSavePayload(profile);
  return {
    ...base,
    bio: base.bio || DEFAULT_BIO,
    ...optionalStrings({
      resume_url: state.resumeUrl,
      work_authorization: state.workAuthorization,
      citizenship: state.citizenship,
    }),
  };
}
