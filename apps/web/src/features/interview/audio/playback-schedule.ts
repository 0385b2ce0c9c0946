/** Scheduling math for AI audio: chunks play back to back, starting 0.1 s ahead when the queue is idle. */
export const PLAYBACK_LEAD_SECONDS = 0.1;

/**
 * When the next chunk starts on the AudioContext clock: right after the previous one when that is
 * still in the future, otherwise `now + lead` so a late chunk never starts in the past (clipped).
 */
export function nextStartTime(now: number, queueEnd: number, lead = PLAYBACK_LEAD_SECONDS): number {
  return queueEnd > now ? queueEnd : now + lead;
}

export function chunkDuration(sampleCount: number, sampleRate: number): number {
  return sampleCount / sampleRate;
}

/**
 * Whether a mic chunk may be sent: never while muted, while the AI is playing, or within
 * `suppressMs` after playback ended (the room echo of the AI's last words).
 */
export function micMaySend(opts: {
  muted: boolean;
  aiPlaying: boolean;
  lastPlaybackEndMs: number | null;
  nowMs: number;
  suppressMs: number;
}): boolean {
  if (opts.muted || opts.aiPlaying) return false;
  if (opts.lastPlaybackEndMs !== null && opts.nowMs - opts.lastPlaybackEndMs < opts.suppressMs) return false;
  return true;
}
