/**
 * Pure rules behind the onboarding wizard, the profile screen and the application wizard
 * (spec part 1 sections 3, 4, 5 and 8): per-step validation, expertise chips, prefill merging and the
 * payloads sent to PUT /api/profile/complete. No DOM here, so both sides and unit tests can use them.
 */
import { DEFAULT_AVAILABILITY_TEXT, DEFAULT_BIO } from './constants';
import { matchCountry } from './countries';
import { cleanListEntries, isMeaningfulEntry } from './profile-lists';
import { normalizeExpertise, type LinkedinImport, type ResumePrefill } from './schemas/profile';
import type {
  CertificationEntry,
  EducationEntry,
  ProjectEntry,
  PublicationEntry,
  WorkAuthorization,
  WorkExperienceEntry,
} from './schemas/profile';

// ---------------------------------------------------------------------------------------------
// Onboarding
// ---------------------------------------------------------------------------------------------

export const ONBOARDING_STEPS = [
  { title: 'Upload Resume', purpose: 'your professional background' },
  { title: 'General PCA', purpose: 'personal and contact info' },
  { title: 'Background', purpose: 'experience and expertise' },
  { title: 'Work Authorization', purpose: 'legal status' },
] as const;

export const ONBOARDING_ERRORS = {
  resume: 'Please upload your resume',
  required: 'Please fill in all required fields',
  background: 'Please provide bio and at least one expertise area',
  workAuthorization: 'Please select work authorization status',
  citizenship: 'Please select your citizenship country',
  complete: 'Failed to complete onboarding',
  uploadNoUrl: 'Failed to upload resume',
  upload: 'Failed to upload resume. Please try again.',
  linkedin: 'Failed to scrape LinkedIn profile. Please continue manually.',
} as const;

export const LINKEDIN_IMPORTED_MESSAGE =
  'Profile data imported. Your information will be auto-filled in the next step.';

/** The onboarding form (spec part 1 section 3), without the File object itself (kept by the screen). */
export type OnboardingForm = {
  resumeFileName: string;
  resumeUrl: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  city: string;
  country: string;
  linkedinUrl: string;
  hasLinkedin: boolean;
  summary: string;
  bio: string;
  expertise: string[];
  education: EducationEntry[];
  workExperience: WorkExperienceEntry[];
  projects: ProjectEntry[];
  publications: PublicationEntry[];
  certifications: CertificationEntry[];
  workAuthorized: WorkAuthorization | '';
  citizenship: string;
};

export function emptyOnboardingForm(email = '', name = ''): OnboardingForm {
  const [first = '', ...rest] = name.trim().split(/\s+/).filter(Boolean);
  return {
    resumeFileName: '',
    resumeUrl: '',
    firstName: first,
    lastName: rest.join(' '),
    email,
    phone: '',
    city: '',
    country: '',
    linkedinUrl: '',
    hasLinkedin: false,
    summary: '',
    bio: '',
    expertise: [],
    education: [],
    workExperience: [],
    projects: [],
    publications: [],
    certifications: [],
    workAuthorized: '',
    citizenship: '',
  };
}

const filled = (v: string | null | undefined) => Boolean(v && v.trim());

/** The message that blocks leaving `step` (1-based), or null when the step is valid. */
export function validateOnboardingStep(step: number, form: OnboardingForm): string | null {
  switch (step) {
    case 1:
      return filled(form.resumeUrl) ? null : ONBOARDING_ERRORS.resume;
    case 2:
      return [form.firstName, form.lastName, form.email, form.city, form.country].every(filled)
        ? null
        : ONBOARDING_ERRORS.required;
    case 3:
      return filled(form.bio) && normalizeExpertise(form.expertise).length > 0 ? null : ONBOARDING_ERRORS.background;
    case 4:
      if (!form.workAuthorized) return ONBOARDING_ERRORS.workAuthorization;
      if (!filled(form.citizenship)) return ONBOARDING_ERRORS.citizenship;
      return null;
    default:
      return null;
  }
}

// ---------------------------------------------------------------------------------------------
// Expertise chips
// ---------------------------------------------------------------------------------------------

const sameSkill = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/** The list with `value` added, or the same list when the value is blank or already present. */
export function addExpertise(list: readonly string[], value: string): string[] {
  const v = value.trim();
  if (!v || list.some((e) => sameSkill(e, v))) return [...list];
  return [...list, v];
}

// ---------------------------------------------------------------------------------------------
// Prefill from the resume parser and from the LinkedIn import
// ---------------------------------------------------------------------------------------------

type Loose = Record<string, unknown>;
const str = (v: unknown): string => (typeof v === 'string' ? v.trim() : '');

/** Accepts camelCase or snake_case keys from the parsers and keeps the entry shape of spec section 3. */
function toWorkEntry(e: Loose): WorkExperienceEntry {
  return {
    company: str(e.company),
    title: str(e.title ?? e.position),
    startDate: str(e.startDate ?? e.start_date),
    endDate: str(e.endDate ?? e.end_date),
    description: str(e.description),
  };
}
function toEducationEntry(e: Loose): EducationEntry {
  return {
    school: str(e.school ?? e.institution),
    degree: str(e.degree),
    field: str(e.field ?? e.field_of_study),
    year: str(e.year ?? e.end_year ?? e.graduation_year),
  };
}
const entries = <T>(v: unknown, map: (e: Loose) => T): T[] =>
  Array.isArray(v)
    ? v
        .filter((e): e is Loose => Boolean(e) && typeof e === 'object')
        .map(map)
        .filter((e) => isMeaningfulEntry(e as Record<string, string>))
    : [];

export type PrefillableField =
  | 'firstName'
  | 'lastName'
  | 'phone'
  | 'city'
  | 'country'
  | 'linkedinUrl'
  | 'bio'
  | 'expertise'
  | 'education'
  | 'workExperience';

type Incoming = Partial<{
  firstName: string;
  lastName: string;
  phone: string;
  city: string;
  country: string;
  linkedinUrl: string;
  bio: string;
  expertise: string[];
  education: EducationEntry[];
  workExperience: WorkExperienceEntry[];
}>;

/**
 * Fills the fields the person has not filled yet; what they typed always wins. The e-mail is never
 * touched (it is the account's). Returns the new form and the names of the fields that were filled,
 * so the screen can mark them as prefilled.
 */
function mergeInto(form: OnboardingForm, incoming: Incoming): { form: OnboardingForm; filled: PrefillableField[] } {
  const next: OnboardingForm = { ...form };
  const done: PrefillableField[] = [];
  for (const key of ['firstName', 'lastName', 'phone', 'city', 'linkedinUrl', 'bio'] as const) {
    const v = str(incoming[key]);
    if (v && !filled(next[key])) {
      next[key] = v;
      done.push(key);
    }
  }
  const country = matchCountry(incoming.country);
  if (country && !filled(next.country)) {
    next.country = country;
    done.push('country');
  }
  const skills = normalizeExpertise(incoming.expertise);
  if (skills.length) {
    const merged = normalizeExpertise([...next.expertise, ...skills]);
    if (merged.length > normalizeExpertise(next.expertise).length) {
      next.expertise = merged;
      done.push('expertise');
    }
  }
  if (incoming.education?.length && cleanListEntries(next.education).length === 0) {
    next.education = incoming.education;
    done.push('education');
  }
  if (incoming.workExperience?.length && cleanListEntries(next.workExperience).length === 0) {
    next.workExperience = incoming.workExperience;
    done.push('workExperience');
  }
  return { form: next, filled: done };
}

export function applyResumePrefill(form: OnboardingForm, prefill: ResumePrefill | null | undefined) {
  if (!prefill) return { form, filled: [] as PrefillableField[] };
  return mergeInto(form, {
    firstName: prefill.firstName,
    lastName: prefill.lastName,
    phone: prefill.phone,
    city: prefill.city,
    country: prefill.country,
    linkedinUrl: prefill.linkedinUrl,
    expertise: prefill.expertise,
    education: entries(prefill.education, toEducationEntry),
    workExperience: entries(prefill.workExperience, toWorkEntry),
  });
}

export function applyLinkedinImport(form: OnboardingForm, data: Partial<LinkedinImport> | null | undefined) {
  if (!data) return { form, filled: [] as PrefillableField[] };
  return mergeInto(form, {
    firstName: data.firstName,
    lastName: data.lastName,
    city: data.city,
    country: data.country,
    bio: data.bio,
    expertise: data.expertise,
    education: entries(data.education, toEducationEntry),
    workExperience: entries(data.work_experience, toWorkEntry),
  });
}

/** The LinkedIn import runs on blur once, for a value that mentions linkedin.com (spec section 4). */
export function shouldImportLinkedin(value: string, alreadyImported: boolean): boolean {
  return !alreadyImported && value.toLowerCase().includes('linkedin.com');
}

// ---------------------------------------------------------------------------------------------
// Payloads for PUT /api/profile/complete
// ---------------------------------------------------------------------------------------------

export type ProfileCompletePayload = {
  name: string;
  bio: string;
  expertise: string[];
  position?: string;
  skills?: string[];
  experience_years?: number;
  resume_url?: string | null;
  work_authorization?: string;
  citizenship?: string;
  phone?: string;
  city?: string;
  country?: string;
  linkedin_url?: string;
  summary?: string;
  education?: EducationEntry[];
  work_experience?: WorkExperienceEntry[];
  projects?: ProjectEntry[];
  publications?: PublicationEntry[];
  certifications?: CertificationEntry[];
};

type ListFields = Pick<
  ProfileCompletePayload,
  'education' | 'work_experience' | 'projects' | 'publications' | 'certifications'
>;

/** Each list goes out only when it has at least one meaningful entry (spec section 3 and 5). */
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
 * (spec section 5). The server keeps a field that is left out, so when the person emptied a list or the
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

// ---------------------------------------------------------------------------------------------
// Application wizard
// ---------------------------------------------------------------------------------------------

export const APPLICATION_ERRORS = {
  resume: 'Please upload your resume',
  workAuthorization: 'Please select work authorization status',
  availability: 'Please confirm your availability',
  equipment: 'Please ensure your camera and microphone are working',
  load: 'Failed to load profile or job data',
  save: 'Failed to update profile',
  media: 'Unable to access camera/microphone. Please allow permissions and try again.',
  existingInterview: 'You have already completed this interview. Visit your status page for updates.',
  statusCheck: 'Unable to verify your application status. Please refresh and try again.',
} as const;

export const EQUIPMENT_CHECK_ERRORS = {
  media: 'Unable to access camera/microphone. Please allow permissions and refresh the page.',
  existingInterview:
    'You have already completed this interview. Visit your status page for updates instead of reapplying.',
  statusCheck: 'Unable to verify your application status right now. Please refresh and try again.',
} as const;

export type ApplicationStepId = 'resume' | 'work_authorization' | 'availability' | 'equipment';

export const APPLICATION_STEP_TITLES: Record<ApplicationStepId, string> = {
  resume: 'Upload Resume',
  work_authorization: 'Work Authorization',
  availability: 'Availability',
  equipment: 'Equipment Check',
};

/** The wizard's steps: Work Authorization only when the profile has none (spec section 2). */
export function buildApplicationSteps(profile: { work_authorization?: string | null } | null): ApplicationStepId[] {
  return profile?.work_authorization
    ? ['resume', 'availability', 'equipment']
    : ['resume', 'work_authorization', 'availability', 'equipment'];
}

export type ApplicationState = {
  resumeUrl: string;
  workAuthorization: WorkAuthorization | '';
  citizenship: string;
  availabilityConfirmed: boolean;
  cameraReady: boolean;
  micReady: boolean;
};

export function validateApplicationStep(step: ApplicationStepId, state: ApplicationState): string | null {
  switch (step) {
    case 'resume':
      return filled(state.resumeUrl) ? null : APPLICATION_ERRORS.resume;
    case 'work_authorization':
      return state.workAuthorization ? null : APPLICATION_ERRORS.workAuthorization;
    case 'availability':
      return state.availabilityConfirmed ? null : APPLICATION_ERRORS.availability;
    case 'equipment':
      return state.cameraReady && state.micReady ? null : APPLICATION_ERRORS.equipment;
  }
}

/** The default availability text with the commitment spelled out for the job's position type. */
export function availabilityTextFor(positionType: string | null | undefined): string {
  const type = (positionType ?? '').trim();
  return type
    ? DEFAULT_AVAILABILITY_TEXT.replace('the position type', `the position type (${type})`)
    : DEFAULT_AVAILABILITY_TEXT;
}

/** The profile payload sent when leaving the Availability step (spec section 3). */
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

/** Statuses that block starting another interview for the same job (spec section 4). */
export const BLOCKING_INTERVIEW_STATUSES = ['in_progress', 'completed', 'under_review', 'approved'] as const;

export type InterviewLike = { job_id?: string | null; candidate_id?: string | null; status?: string | null };

/** The candidate's interview for this job that blocks a new one, if any. */
export function findBlockingInterview<T extends InterviewLike>(
  interviews: readonly T[] | null | undefined,
  jobId: string,
  candidateId: string,
): T | undefined {
  return (interviews ?? []).find(
    (i) =>
      i.job_id === jobId &&
      i.candidate_id === candidateId &&
      (BLOCKING_INTERVIEW_STATUSES as readonly string[]).includes(i.status ?? ''),
  );
}

// ---------------------------------------------------------------------------------------------
// Cosmetic verification screen shown on Complete (spec section 4; not tied to the server)
// ---------------------------------------------------------------------------------------------

export const VERIFICATION_STAGE_DELAY_MS = 1500;
export const VERIFICATION_FINISH_DELAY_MS = 1000;
export const VERIFICATION_REDIRECT_DELAY_MS = 1500;

/** The four stages before saving: 20, 40, 60 and 80 %. */
export function verificationStages(country: string): { progress: number; message: string }[] {
  const where = country.trim() || 'your country';
  return [
    { progress: 20, message: 'Verifying your identity...' },
    { progress: 40, message: 'Checking your credentials...' },
    { progress: 60, message: `Validating work authorization in ${where}...` },
    { progress: 80, message: 'Creating your profile...' },
  ];
}
