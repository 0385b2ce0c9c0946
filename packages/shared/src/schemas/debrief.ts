import { z } from 'zod';

/**
 * The candidate's debrief after an interview (issue 27, decision 0160): delivery measured from the
 * stored timings and the recognizer's words, content read by the understanding stage, one suggestion
 * drawn from rules in the rubric's words. Never written by a model.
 */

/** The speaking pace most listeners find easy to follow, words per minute. */
export const DEBRIEF_WPM_BAND = [130, 175] as const;
/** How long people usually take to start answering an interview question, seconds (decision 0184). */
export const DEBRIEF_START_BAND = [1, 5] as const;

const figure = z.number().finite().nullable();

export const debriefAnswerSchema = z.object({
  question: z.string().max(2000),
  text: z.string().max(20000),
  /** Null where the answer was too short to time, or not heard clearly. */
  words_per_minute: figure,
  /** The filler words as said, in order ("um", "you know"). */
  fillers: z.array(z.string().max(40)).max(500),
  /** Where each filler is in `text`: [start, end) character offsets. */
  filler_spans: z.array(z.tuple([z.number().int().min(0), z.number().int().min(0)])).max(500),
  concrete_items: z.array(z.string().max(200)).max(50),
  job_terms: z.array(z.string().max(200)).max(50),
  /** One thing to do differently, or null when there is nothing to judge. */
  suggestion: z.string().max(500).nullable(),
  /** The rubric criterion the suggestion serves (rubric-v1 key). */
  suggestion_criterion: z.string().max(40).nullable(),
  /** False when the recognizer was unsure across this answer: nothing in it is judged. */
  reliable: z.boolean(),
  seconds: figure,
  /** From the end of the question to the first word of the answer. */
  start_seconds: figure,
});
export type DebriefAnswer = z.infer<typeof debriefAnswerSchema>;

/**
 * The work sample's part of a debrief (issue 46): how many items were within one point of the reference
 * rating, and one tip. Never a reference rating, nor whether an item was rated above or below it.
 */
export const debriefWorkSampleSchema = z.object({
  rated: z.number().int(),
  within_one: z.number().int(),
  /** "2 of 3 items within one point of the reference rating". */
  summary: z.string().max(300),
  tip: z.string().max(500),
  /** Which lack the tip answers: far off, little reasoning heard, slow, or none (keep). */
  tip_key: z.enum(['scale', 'reason', 'time', 'keep']),
});
export type DebriefWorkSample = z.infer<typeof debriefWorkSampleSchema>;

export const debriefSchema = z.object({
  /** Every answer was heard clearly enough to judge. */
  reliable: z.boolean(),
  delivery: z.object({
    words_per_minute: figure,
    filler_per_100_words: figure,
    /** The candidate's share of the time anyone was talking, 0..1. */
    talk_share: figure,
    longest_answer_seconds: figure,
    /** Median time from the end of a question to the start of the answer. */
    start_seconds: figure,
    wpm_band: z.tuple([z.number(), z.number()]),
  }),
  answers: z.array(debriefAnswerSchema).max(100),
  /** Practice: the job it was practised for, if any (the kept list shows it; decision 0184). */
  job_title: z.string().max(300).nullish(),
  /** The interview's work sample, when it had one with a rating (issue 46). */
  work_sample: debriefWorkSampleSchema.nullish(),
});
export type Debrief = z.infer<typeof debriefSchema>;

/**
 * The server's signature over a practice debrief it computed for one account (decision 0171): the
 * socket sends it with the debrief, and keeping the debrief needs it, so no client-made figure is kept.
 */
export const debriefSealSchema = z.string().max(200);

/** The most practice debriefs one account keeps: keeping another drops the oldest (decision 0171). */
export const PRACTICE_DEBRIEFS_KEPT = 20;

/** A practice debrief the candidate chose to keep. */
export const practiceDebriefSchema = z.object({
  id: z.string(),
  created_at: z.string(),
  debrief: debriefSchema,
});
export type PracticeDebrief = z.infer<typeof practiceDebriefSchema>;

/** GET /api/practice-debriefs: one line per kept debrief, without its answers (the whole one is by id). */
export const practiceDebriefSummarySchema = z.object({
  id: z.string(),
  created_at: z.string(),
  reliable: z.boolean(),
  answer_count: z.number().int(),
  delivery: debriefSchema.shape.delivery,
  job_title: z.string().nullable(),
});
export type PracticeDebriefSummary = z.infer<typeof practiceDebriefSummarySchema>;

export const practiceDebriefCreateSchema = z.object({ debrief: debriefSchema, seal: debriefSealSchema });
