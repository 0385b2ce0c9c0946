/**
 * Pure rules behind the onboarding wizard, the profile screen and the application wizard
 * (docs/product/rules.md, docs/product/errors.md): per-step validation, expertise chips, prefill merging and the
 * payloads sent to PUT /api/profile/complete. No DOM here, so both sides and unit tests can use them.
 */
import { matchCountry } from './countries';
import { cleanListEntries, isMeaningfulEntry } from './profile-lists';
import {
  PHONE_MESSAGE,
  isPhoneNumber,
  normalizeExpertise,
  type LinkedinImport,
  type ResumePrefill,
} from './schemas/profile';
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

/** The onboarding form (docs/product/rules.md), without the File object itself (kept by the screen). */
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

/** Whether a text field has something besides spaces. */
export const filled = (v: string | null | undefined) => Boolean(v && v.trim());

/** The message that blocks leaving `step` (1-based), or null when the step is valid. */
export function validateOnboardingStep(step: number, form: OnboardingForm): string | null {
  switch (step) {
    case 1:
      return filled(form.resumeUrl) ? null : ONBOARDING_ERRORS.resume;
    case 2:
      if (![form.firstName, form.lastName, form.email, form.city, form.country].every(filled)) {
        return ONBOARDING_ERRORS.required;
      }
      return filled(form.phone) && !isPhoneNumber(form.phone) ? PHONE_MESSAGE : null;
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

/** Step 2's fields that need attention, each with its own message, to mark beside the field (issue 43). */
export function onboardingFieldErrors(
  step: number,
  form: OnboardingForm,
): Partial<Record<keyof OnboardingForm, string>> {
  if (step !== 2) return {};
  const out: Partial<Record<keyof OnboardingForm, string>> = {};
  if (!filled(form.firstName)) out.firstName = 'Enter your first name';
  if (!filled(form.lastName)) out.lastName = 'Enter your last name';
  if (!filled(form.city)) out.city = 'Enter your city';
  if (!filled(form.country)) out.country = 'Choose your country';
  if (filled(form.phone) && !isPhoneNumber(form.phone)) out.phone = PHONE_MESSAGE;
  return out;
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

/** Accepts camelCase or snake_case keys from the parsers and keeps the entry shape of docs/product/rules.md. */
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

// Both sources name their plain fields as the form does, and mergeInto reads only the form's fields.
export function applyResumePrefill(form: OnboardingForm, prefill: ResumePrefill | null | undefined) {
  if (!prefill) return { form, filled: [] as PrefillableField[] };
  return mergeInto(form, {
    ...prefill,
    education: entries(prefill.education, toEducationEntry),
    workExperience: entries(prefill.workExperience, toWorkEntry),
  });
}

export function applyLinkedinImport(form: OnboardingForm, data: Partial<LinkedinImport> | null | undefined) {
  if (!data) return { form, filled: [] as PrefillableField[] };
  return mergeInto(form, {
    ...data,
    education: entries(data.education, toEducationEntry),
    workExperience: entries(data.work_experience, toWorkEntry),
  });
}

/** The LinkedIn import runs on blur once, for a value that mentions linkedin.com (docs/product/rules.md). */
export function shouldImportLinkedin(value: string, alreadyImported: boolean): boolean {
  return !alreadyImported && value.toLowerCase().includes('linkedin.com');
}

// ---------------------------------------------------------------------------------------------
// Cosmetic verification screen shown on Complete (docs/product/rules.md; not tied to the server)
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
