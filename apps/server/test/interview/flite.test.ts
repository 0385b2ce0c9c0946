import { afterAll, describe, expect, it } from 'vitest';
import { FliteTts } from '../../src/interview/providers/tts/flite';

const tts = new FliteTts({ workers: 1 });
afterAll(() => tts.close());

describe('Flite voice (offline text-to-speech)', () => {
  it('speaks a sentence as 24 kHz audio of a plausible length', async () => {
    const samples = await tts.synthesize(
      'Tell me about a recent project you are proud of.',
      new AbortController().signal,
    );
    const seconds = samples.length / 24000;
    expect(seconds).toBeGreaterThan(1.5);
    expect(seconds).toBeLessThan(6);
    expect(Math.max(...samples.slice(0, 24000).map(Math.abs))).toBeGreaterThan(1000); // not silence
    // The voice starts when the audio does (Flite's own ~250 ms of leading silence is cut).
    expect(samples.findIndex((v) => Math.abs(v) > 500)).toBeLessThan(0.1 * 24000);
  });

  it('a crashed synthesizer process is replaced and the sentence is still spoken', async () => {
    await tts.warmUp();
    const pending = tts.synthesize('This sentence survives a crash.', new AbortController().signal);
    (tts as unknown as { slots: { worker: { kill: (s: string) => void } }[] }).slots[0]!.worker.kill('SIGKILL');
    expect((await pending).length).toBeGreaterThan(24000);
  });
});
