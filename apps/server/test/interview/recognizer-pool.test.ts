import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resample } from '../../src/interview/audio';
import { PocketsphinxStt, type PocketsphinxOptions } from '../../src/interview/providers/stt/pocketsphinx';
import { RecognizerPool, type RecognizerPoolOptions } from '../../src/interview/providers/stt/recognizer-pool';
import type { SttFinal, SttStream } from '../../src/interview/providers/types';
import { FliteTts } from '../../src/interview/providers/tts/flite';

const SENTENCES = {
  drawing: 'I love drawing and painting with my friends.',
  kitchen: 'Last winter I photographed a kitchen catalog.',
  weekend: 'I can work twenty hours every week.',
};
type Name = keyof typeof SENTENCES;

const tts = new FliteTts({ workers: 1, voice: 'slt' });
const speech = {} as Record<Name, Int16Array>;
const probe = new PocketsphinxStt({ warm: 0 });

beforeAll(async () => {
  if (!probe.available()) return;
  for (const [name, text] of Object.entries(SENTENCES)) {
    speech[name as Name] = resample(await tts.synthesize(text, new AbortController().signal), 24000, 16000);
  }
}, 60_000);
afterAll(() => {
  tts.close();
  probe.close();
});

/** Streams one sentence in 100 ms chunks (as the session does) without finishing it. */
function speak(stream: SttStream, name: Name) {
  const samples = speech[name];
  for (let i = 0; i < samples.length; i += 1600) stream.write(samples.subarray(i, i + 1600));
  stream.write(new Int16Array(8000)); // half a second of silence after the sentence
}

/** Starts an utterance and streams one sentence into it. */
function utterance(stt: PocketsphinxStt, name: Name) {
  const stream = stt.start(() => {});
  speak(stream, name);
  return stream;
}

/** Runs `use` with a recognizer on a new pool; both are closed afterwards, whatever happens. */
async function onPool(
  options: RecognizerPoolOptions,
  use: (stt: PocketsphinxStt, pool: RecognizerPool) => Promise<void>,
  sttOptions: PocketsphinxOptions = {},
) {
  const pool = new RecognizerPool(options);
  const stt = new PocketsphinxStt({ pool, ...sttOptions });
  try {
    await use(stt, pool);
  } finally {
    stt.close();
    pool.close();
  }
}

const text = (r: string | SttFinal) => (typeof r === 'string' ? r : r.text);

describe.runIf(probe.available())('shared recognizer processes', () => {
  it('hears utterances one after another on the same process, each with only its own words', async () => {
    await onPool(
      { size: 1 },
      async (stt, pool) => {
        stt.warmUp();
        const [pid] = pool.pids();
        const heard: string[] = [];
        for (const name of ['drawing', 'kitchen', 'drawing'] as const) {
          heard.push(text(await utterance(stt, name).finish()));
        }
        expect(heard[0]).toMatch(/love drawing/);
        expect(heard[1]).toMatch(/kitchen/);
        expect(heard[1]).not.toMatch(/drawing|love/);
        expect(heard[2]).toMatch(/love drawing/);
        expect(heard[2]).not.toMatch(/kitchen/);
        // No process per utterance: the one started ahead of time did all three.
        await new Promise((r) => setTimeout(r, 300));
        expect(pool.pids()).toEqual([pid]);
        expect(pool.stats()).toMatchObject({ processes: 1, idle: 1, queued: 0 });
      },
      { warm: 1 },
    );
  }, 60_000);

  it('queues utterances while every process is busy and catches up on their audio', async () => {
    const waits: number[] = [];
    // The third utterance waits for two others to be decoded: on a loaded machine that took longer
    // than the 8 s production deadline, which is not what this test is about (the next tests are).
    const queueDeadlineMs = 50_000;
    await onPool({ size: 1, queueDeadlineMs, onWait: (ms) => waits.push(ms) }, async (stt, pool) => {
      const streams = (['drawing', 'kitchen', 'weekend'] as const).map((name) => utterance(stt, name));
      expect(pool.stats().queued).toBe(2);
      const heard = await Promise.all(streams.map(async (s) => text(await s.finish())));
      expect(heard[0]).toMatch(/love drawing/);
      expect(heard[1]).toMatch(/kitchen/);
      expect(heard[2]).toMatch(/twenty hours/);
      expect(waits).toHaveLength(3);
      expect(Math.max(...waits)).toBeGreaterThan(0);
      expect(pool.stats().processes).toBe(1);
    });
  }, 60_000);

  it('takes the process from a candidate still speaking for one waiting for the reply, and hears both in full', async () => {
    await onPool({ size: 1 }, async (stt, pool) => {
      const speaking = utterance(stt, 'drawing'); // still talking: not finished
      await new Promise((r) => setTimeout(r, 300));
      const waiting = utterance(stt, 'kitchen');
      const startedWaiting = Date.now();
      const heardWaiting = text(await waiting.finish());
      const waited = Date.now() - startedWaiting;
      expect(heardWaiting).toMatch(/photographed/);
      expect(heardWaiting).not.toMatch(/drawing/);
      // The first candidate goes on speaking, then finishes: their whole answer is heard on the same process.
      speak(speaking, 'weekend');
      const heardSpeaking = text(await speaking.finish());
      expect(heardSpeaking).toMatch(/love drawing/);
      expect(heardSpeaking).toMatch(/twenty hours/);
      expect(heardSpeaking).not.toMatch(/photographed/);
      expect(pool.stats().processes).toBe(1);
      expect(waited).toBeLessThan(8000); // not the queue deadline: the process was taken back
    });
  }, 60_000);

  it('refuses an utterance that waited past the deadline, and says so', async () => {
    const shed: number[] = [];
    await onPool({ size: 1, queueDeadlineMs: 1, onShed: (ms) => shed.push(ms) }, async (stt) => {
      const holding = utterance(stt, 'drawing');
      const late = utterance(stt, 'kitchen');
      await expect(late.finish()).rejects.toThrow(/all recognizers are busy/);
      expect(shed).toHaveLength(1);
      expect(text(await holding.finish())).toMatch(/love drawing/);
    });
  }, 60_000);

  it('replaces a process that dies mid-utterance and hears the utterance again on the new one', async () => {
    await onPool({ size: 1 }, async (stt, pool) => {
      const stream = utterance(stt, 'kitchen');
      await new Promise((r) => setTimeout(r, 500)); // the process has started and is decoding
      const [pid] = pool.pids();
      process.kill(-pid!, 'SIGKILL'); // the recognizer and its feeding shell
      expect(text(await stream.finish())).toMatch(/last winter i photographed/);
      expect(pool.pids()).toHaveLength(1);
      expect(pool.pids()[0]).not.toBe(pid);
    });
  }, 60_000);

  it('a process freed by barge-in serves the next utterance with none of the dropped words', async () => {
    await onPool({ size: 1 }, async (stt, pool) => {
      const dropped = utterance(stt, 'kitchen');
      dropped.abort();
      const next = utterance(stt, 'drawing');
      const heard = text(await next.finish());
      expect(heard).toMatch(/love drawing/);
      expect(heard).not.toMatch(/kitchen/);
      expect(pool.stats().processes).toBe(1);
    });
  }, 60_000);
});
