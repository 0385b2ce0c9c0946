/** The work sample's settings and limits (issue 46), apart from the item schemas so the job schema can use them. */
import { z } from 'zod';

/** paid: rated by raters through tasks; work_sample: the interview's pool; example: public practice items. */
export const ITEM_POOLS = ['paid', 'work_sample', 'example'] as const;
export type ItemPool = (typeof ITEM_POOLS)[number];

export const WORK_SAMPLE_MAX_COUNT = 5;
export const WORK_SAMPLE_DEFAULT_COUNT = 3;
export const WORK_SAMPLE_DEFAULT_SECONDS = 120;
export const WORK_SAMPLE_MIN_SECONDS = 20;
export const WORK_SAMPLE_MAX_SECONDS = 900;
/** A work-sample item served to more candidates than this is flagged to the provider to rotate. */
export const WORK_SAMPLE_EXPOSURE_LIMIT = 25;
/** Items a practice interview's sample has at most (from the job's example items). */
export const PRACTICE_SAMPLE_COUNT = 3;
export const EXPLANATION_MAX_LENGTH = 2000;

/** The sentence the interviewer introduces the sample with. */
export function workSampleIntro(count: number): string {
  const items = count === 1 ? 'one real item' : `${count} real items`;
  return `Before we finish, please rate ${items} of this job on your screen, one at a time, and tell me out loud why you give each rating.`;
}

export const workSampleCountSchema = z
  .number({ message: `work_sample_count must be a whole number from 0 to ${WORK_SAMPLE_MAX_COUNT}` })
  .int(`work_sample_count must be a whole number from 0 to ${WORK_SAMPLE_MAX_COUNT}`)
  .min(0, `work_sample_count must be a whole number from 0 to ${WORK_SAMPLE_MAX_COUNT}`)
  .max(WORK_SAMPLE_MAX_COUNT, `work_sample_count must be a whole number from 0 to ${WORK_SAMPLE_MAX_COUNT}`);

const secondsMessage = `work_sample_seconds must be a whole number from ${WORK_SAMPLE_MIN_SECONDS} to ${WORK_SAMPLE_MAX_SECONDS}`;
export const workSampleSecondsSchema = z
  .number({ message: secondsMessage })
  .int(secondsMessage)
  .min(WORK_SAMPLE_MIN_SECONDS, secondsMessage)
  .max(WORK_SAMPLE_MAX_SECONDS, secondsMessage);

/** A job's sample runs when it asks for items and its pool holds at least that many (decision 0244). */
export const workSampleRuns = (count: number, poolSize: number) => count > 0 && poolSize >= count;
