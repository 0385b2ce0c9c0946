/**
 * The job form's values (text as typed), the payload they become, and where each validation message
 * belongs. The rules are the shared `jobCreateSchema`, checked on the payload exactly as the server
 * checks it, so both sides report the same messages on the same field paths.
 */
import { z } from 'zod';
import type { FieldErrors } from 'react-hook-form';
import {
  WORK_SAMPLE_DEFAULT_COUNT,
  WORK_SAMPLE_DEFAULT_SECONDS,
  WORK_SAMPLE_MAX_COUNT,
  WORK_SAMPLE_MAX_SECONDS,
  WORK_SAMPLE_MIN_SECONDS,
  jobCreateSchema,
  type Job,
  type JobCreate,
} from '@app/shared';
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
  /** Work-sample items per candidate (issue 46), as typed; 0 turns the sample off. */
  work_sample_count: string;
  /** Seconds allowed per work-sample item, as typed. */
  work_sample_seconds: string;
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
  work_sample_count: String(WORK_SAMPLE_DEFAULT_COUNT),
  work_sample_seconds: String(WORK_SAMPLE_DEFAULT_SECONDS),
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
  work_sample_count: String(j.work_sample_count),
  work_sample_seconds: String(j.work_sample_seconds),
});

/** A whole-number field as typed: empty or not a number becomes NaN, which the schema reports. */
const typedNumber = (text: string) => (text.trim() === '' ? NaN : Number(text));

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
    work_sample_count: typedNumber(f.work_sample_count),
    work_sample_seconds: typedNumber(f.work_sample_seconds),
  };
}

/** The form types the blind review share as a percent, so its message speaks in percent (issue 43). */
export const BLIND_REVIEW_PERCENT_MESSAGE = 'Blind review must be a percent from 0 to 100';
const blindReviewPercent = z
  .number({ message: BLIND_REVIEW_PERCENT_MESSAGE })
  .min(0, BLIND_REVIEW_PERCENT_MESSAGE)
  .max(1, BLIND_REVIEW_PERCENT_MESSAGE);

/**
 * The shared schema's limits, said with the form's labels (the shared messages name the API fields,
 * which the provider never sees here).
 */
export const WORK_SAMPLE_COUNT_MESSAGE = `Items per candidate must be a whole number from 0 to ${WORK_SAMPLE_MAX_COUNT}`;
export const WORK_SAMPLE_SECONDS_MESSAGE = `Seconds per item must be a whole number from ${WORK_SAMPLE_MIN_SECONDS} to ${WORK_SAMPLE_MAX_SECONDS}`;
const wholeNumber = (min: number, max: number, message: string) =>
  z.number({ message }).int(message).min(min, message).max(max, message);

/** For the form resolver: the values become the payload, then the shared schema checks it. */
export const jobFormSchema = z
  .custom<JobFormValues>()
  .transform(jobPayload)
  .pipe(
    jobCreateSchema.extend({
      blind_review_share: blindReviewPercent,
      work_sample_count: wholeNumber(0, WORK_SAMPLE_MAX_COUNT, WORK_SAMPLE_COUNT_MESSAGE),
      work_sample_seconds: wholeNumber(WORK_SAMPLE_MIN_SECONDS, WORK_SAMPLE_MAX_SECONDS, WORK_SAMPLE_SECONDS_MESSAGE),
    }),
  );

/**
 * The server's 422 list as field path ("skills.0.name") → message, or null for any other failure.
 * The work sample's refusal (a pool smaller than the count, issue 46) is one sentence naming
 * work_sample_count rather than a list: it belongs next to that field.
 */
export function serverFieldErrors(err: unknown): Record<string, string> | null {
  if (!(err instanceof ApiError) || err.status !== 422) return null;
  const detail = (err.body as { detail?: unknown })?.detail;
  if (typeof detail === 'string' && detail.includes('work_sample_count')) return { work_sample_count: detail };
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
