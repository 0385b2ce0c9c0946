import { describe, expect, it } from 'vitest';
import { AnswerAudioKeeper, startInAudio, type KeptAnswer } from '../../src/interview/answer-audio';
import type { Clock } from '../../src/lib/clock';

// The careful pass writes each answer's words into the turns by where each turn begins in the kept
// audio (decision 0172). A client may send nothing while the interviewer speaks or while stalled; the
// kept clip has no gap there, so a turn's place must be counted in audio received, not in time.
const CHUNK = 2400; // 100 ms at 24 kHz
const chunk = () => new Int16Array(CHUNK);

function keeperWithClock() {
  let now = 1_000_000;
  const clock: Clock = { now: () => now, setTimeout: () => ({ cancel() {} }) };
  const stored: KeptAnswer[] = [];
  const keeper = new AnswerAudioKeeper(async (a) => void stored.push(a), clock, { interviewId: 'i' });
  return { keeper, stored, advance: (ms: number) => (now += ms), now: () => now };
}

describe('kept answer audio', () => {
  it('places a turn after a stall where its audio is, not where the clock is', async () => {
    const { keeper, stored, advance, now } = keeperWithClock();
    // 2 s of audio, a 5 s stall with nothing sent, then 1 s more in which a second turn begins.
    for (let i = 0; i < 20; i++) keeper.add((advance(100), chunk()));
    keeper.noteTurn(1, now() - 2000);
    advance(5000);
    const secondStarts = now();
    for (let i = 0; i < 10; i++) keeper.add((advance(100), chunk()));
    keeper.noteTurn(2, secondStarts);
    keeper.close();
    await keeper.flushed();
    expect(stored).toHaveLength(1);
    expect(stored[0]!.turns).toEqual([
      { seq: 1, start_seconds: 0 },
      { seq: 2, start_seconds: 2 },
    ]);
    expect(stored[0]!.pcm.length).toBe(3 * 16000);
  });

  it('counts part of a chunk when a turn begins inside it', () => {
    const arrivals = [100, 200, 300];
    expect(startInAudio([chunk(), chunk(), chunk()], arrivals, 150)).toBeCloseTo(0.15, 5);
    expect(startInAudio([chunk(), chunk(), chunk()], arrivals, 10_000)).toBeCloseTo(0.3, 5);
    expect(startInAudio([chunk(), chunk(), chunk()], arrivals, 0)).toBe(0);
  });
});
