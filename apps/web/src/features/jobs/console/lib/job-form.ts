/**
 * The job form's values (text as typed), the payload they become, and where each validation message
 * belongs. The rules are the shared `jobCreateSchema`, checked on the payload exactly as the server
 * checks it, so both sides report the same messages on the same field paths.
 */
import { z } from 'zod';
import type { FieldErrors } from 'react-hook-form';
import { jobCreateSchema, type Job, type JobCreate } from '@app/shared';
import { ApiError } from '../../../../lib/api-client';

export type JobFormValues = {
  title: string;
  description: string;
  position_type: string;
  pay_per_hour: string;
  availability: string;
  status: Job['status'];
  interview_type: Job['interview_type'];
  share_feedback: boolean;
  /** Percent of interviews reviewed blind (issue 35), as typed; the payload carries the share 0-1. */
  blind_review_share: string;
  skills: { name: string; description: string }[];
  custom_questions: string[];
};

export const EMPTY_JOB_FORM: JobFormValues = {
  title: '',
  description: '',
  position_type: '',
  pay_per_hour: '',
  availability: '',
  status: 'active',
  interview_type: 'standard',
  share_feedback: false,
  blind_review_share: '0',
  skills: [],
  custom_questions: [],
};

export const jobFormValues = (j: Job): JobFormValues => ({
  title: j.title,
  description: j.description,
  position_type: j.position_type,
  pay_per_hour: j.pay_per_hour === null ? '' : String(j.pay_per_hour),
  availability: j.availability,
  status: j.status,
  interview_type: j.interview_type,
  share_feedback: j.share_feedback,
  blind_review_share: String(Math.round(j.blind_review_share * 1000) / 10),
  skills: j.skills.map((s) => ({ name: s.name, description: s.description })),
  custom_questions: [...j.custom_questions],
});

/** The payload as typed (the server trims); only the pay is converted. */
export function jobPayload(f: JobFormValues): JobCreate {
  const pay = f.pay_per_hour.trim();
  return {
    title: f.title,
    description: f.description,
    position_type: f.position_type,
    // An empty field means "no pay set" (the marketplace then shows the default rate); text that is
    // not a number becomes NaN, which the schema reports as "Pay per hour must be a number".
    pay_per_hour: pay === '' ? null : Number(pay),
    availability: f.availability,
    status: f.status,
    interview_type: f.interview_type,
    share_feedback: f.share_feedback,
    // Typed as a percent; an empty field is 0, text that is not a number is NaN and reported by the schema.
    blind_review_share: f.blind_review_share.trim() === '' ? 0 : Number(f.blind_review_share) / 100,
    skills: f.skills,
    custom_questions: f.custom_questions,
  };
}

/** The form types the blind review share as a percent, so its message speaks in percent (issue 43). */
export const BLIND_REVIEW_PERCENT_MESSAGE = 'Blind review must be a percent from 0 to 100';
const blindReviewPercent = z
  .number({ message: BLIND_REVIEW_PERCENT_MESSAGE })
  .min(0, BLIND_REVIEW_PERCENT_MESSAGE)
  .max(1, BLIND_REVIEW_PERCENT_MESSAGE);

/** For the form resolver: the values become the payload, then the shared schema checks it. */
export const jobFormSchema = z
  .custom<JobFormValues>()
  .transform(jobPayload)
  .pipe(jobCreateSchema.extend({ blind_review_share: blindReviewPercent }));

/** The server's 422 list as field path ("skills.0.name") → message, or null for any other failure. */
export function serverFieldErrors(err: unknown): Record<string, string> | null {
  if (!(err instanceof ApiError) || err.status !== 422) return null;
  const detail = (err.body as { detail?: unknown })?.detail;
  if (!Array.isArray(detail)) return null;
  const errors: Record<string, string> = {};
  for (const d of detail as { loc: (string | number)[]; msg: string }[]) {
    errors[d.loc.filter((p) => p !== 'body').join('.')] = d.msg;
  }
  return errors;
}

/** How many fields have a message (nested list entries counted one by one). */
export function countFieldErrors(errors: FieldErrors | undefined): number {
  if (!errors || typeof errors !== 'object') return 0;
  if (typeof (errors as { message?: unknown }).message === 'string') return 1;
  return Object.entries(errors).reduce(
    (n, [key, value]) => (key === 'ref' ? n : n + countFieldErrors(value as FieldErrors)),
    0,
  );
}
