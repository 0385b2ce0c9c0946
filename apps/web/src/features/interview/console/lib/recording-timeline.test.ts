import { describe, expect, it } from 'vitest';
import { fileTime, interviewTime, interviewTimeInFile, locate } from './recording-timeline';

// A recording reloaded at 30 s: the first stream ran 0.5-28 s, the second from 33 s for 40 s.
const segments = [
  { offset_seconds: 0.5, duration_seconds: 27.5 },
  { offset_seconds: 33, duration_seconds: 40 },
];

describe('recording timeline', () => {
  it('finds the segment and the moment inside it across the whole interview', () => {
    expect(locate(segments, 10)).toEqual({ index: 0, at: 9.5 });
    expect(locate(segments, 60)).toEqual({ index: 1, at: 27 });
    expect(interviewTime(segments, 1, 27)).toBe(60);
  });

  it('plays the start for a moment before the recording, the next segment for one in a gap', () => {
    expect(locate(segments, 0)).toEqual({ index: 0, at: 0 });
    expect(locate(segments, 30)).toEqual({ index: 1, at: 0 });
    // Past the end: the last segment, where the player stops at its end.
    expect(locate(segments, 100)).toEqual({ index: 1, at: 67 });
    expect(locate([{ offset_seconds: 0, duration_seconds: null }], 42)).toEqual({ index: 0, at: 42 });
  });

  it('maps the interview clock onto the joined file, where the parts follow each other without the gap', () => {
    const joined = [
      { ...segments[0]!, file_offset_seconds: 0 },
      { ...segments[1]!, file_offset_seconds: 27.5 },
    ];
    expect(fileTime(joined, 10)).toBe(9.5);
    expect(fileTime(joined, 60)).toBe(54.5);
    // A moment in the gap plays the second part's start.
    expect(fileTime(joined, 30)).toBe(27.5);
    expect(interviewTimeInFile(joined, 9.5)).toBe(10);
    expect(interviewTimeInFile(joined, 54.5)).toBe(60);
  });
});
