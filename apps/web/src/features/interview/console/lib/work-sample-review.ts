/** How the interview review writes an interview's work sample (issue 46). */
import {
  WORK_SAMPLE_MAX_COUNT,
  workSampleIntro,
  type AdminTranscriptTurn,
  type WorkSampleResultItem,
} from '@app/shared';

const DASH = '—';

/** Mean distance from gold, in rating points. */
export const formatDistance = (v: number | null) => (v === null ? DASH : `${v.toFixed(2)} points`);
/** A share (0-1) as a whole percentage. */
export const formatShare = (v: number | null) => (v === null ? DASH : `${Math.round(v * 100)}%`);
/** Time on an item, to the second. */
export const formatSeconds = (v: number | null) => (v === null ? DASH : `${Math.round(v)} s`);

const INTROS = new Set(Array.from({ length: WORK_SAMPLE_MAX_COUNT }, (_, i) => workSampleIntro(i + 1)));

/**
 * Whether the interviewer introduced a work sample in this interview: its figures are hidden while
 * the review is blind (null like an interview without one), but the transcript still shows the
 * intro, so the reviewer can be told they are coming.
 */
export const hadWorkSample = (transcript: AdminTranscriptTurn[]) =>
  transcript.some((t) => t.speaker === 'ai' && INTROS.has(t.text.trim()));

/**
 * The item on screen at `time` seconds of the interview: sent at or before it and not yet rated
 * (an unrated item stays on screen until the end).
 */
export function itemAt(items: WorkSampleResultItem[], time: number): WorkSampleResultItem | null {
  const on = items.filter(
    (i) =>
      i.offset_seconds !== null &&
      i.offset_seconds <= time &&
      (i.seconds === null || time < i.offset_seconds + i.seconds),
  );
  return on[on.length - 1] ?? null;
}
