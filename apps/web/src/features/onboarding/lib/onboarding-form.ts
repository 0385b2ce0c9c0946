/**
 * The onboarding form's starting values and its checks for the form resolver: each step's rule is the
 * shared `validateOnboardingStep`, and Complete also checks the payload with the server's profile schema.
 */
import { z } from 'zod';
import type { FieldErrors } from 'react-hook-form';
import {
  buildOnboardingPayload,
  emptyOnboardingForm,
  matchCountry,
  onboardingFieldErrors,
  profileCompleteRequestSchema,
  validateOnboardingStep,
  type OnboardingForm,
  type ProfileMe,
  type WorkAuthorization,
} from '@app/shared';
import { payloadErrorLine } from '../../../lib/schema-form';

/** Starts the form from what the account already has (e-mail, and any profile saved before). */
export function initialForm(user: Partial<ProfileMe> | null): OnboardingForm {
  const form = emptyOnboardingForm(user?.email ?? '', user?.name ?? '');
  if (!user) return form;
  return {
    ...form,
    resumeUrl: user.resume_url ?? '',
    resumeFileName: user.resume_url ? (user.resume_url.split('/').pop() ?? '') : '',
    phone: user.phone ?? '',
    city: user.city ?? '',
    country: matchCountry(user.country) ?? '',
    linkedinUrl: user.linkedin_url ?? '',
    hasLinkedin: Boolean(user.linkedin_url),
    summary: user.summary ?? '',
    bio: user.bio ?? '',
    expertise: user.expertise ?? [],
    education: user.education ?? [],
    workExperience: user.work_experience ?? [],
    projects: user.projects ?? [],
    publications: user.publications ?? [],
    certifications: user.certifications ?? [],
    workAuthorized: (user.work_authorization as WorkAuthorization | null) ?? '',
    citizenship: matchCountry(user.citizenship) ?? '',
  };
}

/** The fields the person already typed into a form that started without the account. */
export function pickTyped(f: OnboardingForm): Partial<OnboardingForm> {
  return Object.fromEntries(
    Object.entries(f).filter(([, v]) => (Array.isArray(v) ? v.length > 0 : Boolean(v))),
  ) as Partial<OnboardingForm>;
}

/** A step's message is about the step, not one field; it is filed under this key. */
const STEP_RULE = 'stepRule';

const stepRuleSchema = (step: number) =>
  z.custom<OnboardingForm>().superRefine((form, ctx) => {
    const problem = validateOnboardingStep(step, form);
    if (problem) ctx.addIssue({ code: 'custom', message: problem, path: [STEP_RULE] });
    // And each field that needs attention, marked beside it (issue 43).
    for (const [key, message] of Object.entries(onboardingFieldErrors(step, form))) {
      ctx.addIssue({ code: 'custom', message, path: [key] });
    }
  });

/** What leaving `step` checks; the last step also checks the payload that Complete sends. */
export const onboardingStepSchema = (step: number, lastStep: number) =>
  step < lastStep
    ? stepRuleSchema(step)
    : stepRuleSchema(step).transform(buildOnboardingPayload).pipe(profileCompleteRequestSchema);

/** The line to show: the step's own message, else the payload's, worded as the server words it. */
export function onboardingErrorLine(errors: FieldErrors): string {
  const stepMessage = (errors as Record<string, { message?: string } | undefined>)[STEP_RULE]?.message;
  return stepMessage ?? payloadErrorLine(errors);
}

/** The messages of the fields themselves, by field, to show beside each one. */
export function onboardingFieldMessages(errors: FieldErrors): Partial<Record<keyof OnboardingForm, string>> {
  const out: Partial<Record<keyof OnboardingForm, string>> = {};
  for (const [key, value] of Object.entries(errors)) {
    const message = (value as { message?: unknown } | undefined)?.message;
    if (key !== STEP_RULE && typeof message === 'string') out[key as keyof OnboardingForm] = message;
  }
  return out;
}
