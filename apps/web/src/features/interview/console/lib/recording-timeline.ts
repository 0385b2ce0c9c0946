/**
 * The interview's clock over a recording made of segments (one per MediaRecorder stream; a reload
 * starts a new one, decision 0145): which segment plays a moment of the interview, and where in it;
 * once the segments are joined into one file (decision 0168), where in that file.
 */
export type TimelineSegment = {
  offset_seconds: number;
  duration_seconds: number | null;
  /** Where the segment starts in the joined file (null or absent: not joined). */
  file_offset_seconds?: number | null;
};

/**
 * The segment and the position inside it for interview time `t`: the last segment starting at or
 * before `t`; a moment before the first segment plays its start, and one in a gap between segments
 * (time the recording lost) plays the next segment from its start.
 */
export function locate(segments: readonly TimelineSegment[], t: number): { index: number; at: number } {
  let index = 0;
  segments.forEach((s, i) => {
    if (s.offset_seconds <= t) index = i;
  });
  const s = segments[index];
  if (!s) return { index: 0, at: 0 };
  const at = Math.max(0, t - s.offset_seconds);
  const next = segments[index + 1];
  if (next && s.duration_seconds !== null && at > s.duration_seconds) return { index: index + 1, at: 0 };
  return { index, at };
}

/** Interview time of a position inside segment `index`. */
export const interviewTime = (segments: readonly TimelineSegment[], index: number, at: number) =>
  (segments[index]?.offset_seconds ?? 0) + at;

/** The position in the joined file that plays interview time `t` (a gap plays the next part's start). */
export function fileTime(segments: readonly TimelineSegment[], t: number): number {
  const { index, at } = locate(segments, t);
  return (segments[index]?.file_offset_seconds ?? 0) + at;
}

/** Interview time of position `at` in the joined file. */
export function interviewTimeInFile(segments: readonly TimelineSegment[], at: number): number {
  let index = 0;
  segments.forEach((s, i) => {
    if ((s.file_offset_seconds ?? 0) <= at) index = i;
  });
  const s = segments[index];
  return (s?.offset_seconds ?? 0) + at - (s?.file_offset_seconds ?? 0);
}
