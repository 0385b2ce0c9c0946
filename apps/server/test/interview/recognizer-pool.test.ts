import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resample } from '../../src/interview/audio';
import { PocketsphinxStt } from '../../src/interview/providers/stt/pocketsphinx';
import { RecognizerPool } from '../../src/interview/providers/stt/recognizer-pool';
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

const text = (r: string | SttFinal) => (typeof r === 'string' ? r : r.text);

describe.runIf(probe.available())('shared recognizer processes', () => {
  it('hears utterances one after another on the same process, each with only its own words', async () => {
    const pool = new RecognizerPool({ size: 1 });
    const stt = new PocketsphinxStt({ pool, warm: 1 });
    try {
      stt.warmUp();
      const [pid] = pool.pids();
      const heard: string[] = [];
      for (const name of ['drawing', 'kitchen', 'drawing'] as const) {
        const stream = stt.start(() => {});
        speak(stream, name);
        heard.push(text(await stream.finish()));
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
    } finally {
      stt.close();
      pool.close();
    }
  }, 60_000);

  it('queues utterances while every process is busy and catches up on their audio', async () => {
    const waits: number[] = [];
    const pool = new RecognizerPool({ size: 1, onWait: (ms) => waits.push(ms) });
    const stt = new PocketsphinxStt({ pool });
    try {
      const streams = (['drawing', 'kitchen', 'weekend'] as const).map((name) => {
        const stream = stt.start(() => {});
        speak(stream, name);
        return stream;
      });
      expect(pool.stats().queued).toBe(2);
      const heard = await Promise.all(streams.map(async (s) => text(await s.finish())));
      expect(heard[0]).toMatch(/love drawing/);
      expect(heard[1]).toMatch(/kitchen/);
      expect(heard[2]).toMatch(/twenty hours/);
      expect(waits).toHaveLength(3);
      expect(Math.max(...waits)).toBeGreaterThan(0);
      expect(pool.stats().processes).toBe(1);
    } finally {
      stt.close();
      pool.close();
    }
  }, 60_000);

  it('takes the process from a candidate still speaking for one waiting for the reply, and hears both in full', async () => {
    const pool = new RecognizerPool({ size: 1 });
    const stt = new PocketsphinxStt({ pool });
    try {
      const speaking = stt.start(() => {});
      speak(speaking, 'drawing'); // still talking: not finished
      await new Promise((r) => setTimeout(r, 300));
      const waiting = stt.start(() => {});
      speak(waiting, 'kitchen');
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
    } finally {
      stt.close();
      pool.close();
    }
  }, 60_000);

  it('refuses an utterance that waited past the deadline, and says so', async () => {
    const shed: number[] = [];
    const pool = new RecognizerPool({ size: 1, queueDeadlineMs: 1, onShed: (ms) => shed.push(ms) });
    const stt = new PocketsphinxStt({ pool });
    try {
      const holding = stt.start(() => {});
      speak(holding, 'drawing');
      const late = stt.start(() => {});
      speak(late, 'kitchen');
      await expect(late.finish()).rejects.toThrow(/all recognizers are busy/);
      expect(shed).toHaveLength(1);
      expect(text(await holding.finish())).toMatch(/love drawing/);
    } finally {
      stt.close();
      pool.close();
    }
  }, 60_000);

  it('replaces a process that dies mid-utterance and hears the utterance again on the new one', async () => {
    const pool = new RecognizerPool({ size: 1 });
    const stt = new PocketsphinxStt({ pool });
    try {
      const stream = stt.start(() => {});
      speak(stream, 'kitchen');
      await new Promise((r) => setTimeout(r, 500)); // the process has started and is decoding
      const [pid] = pool.pids();
      process.kill(-pid!, 'SIGKILL'); // the recognizer and its feeding shell
      expect(text(await stream.finish())).toMatch(/last winter i photographed/);
      expect(pool.pids()).toHaveLength(1);
      expect(pool.pids()[0]).not.toBe(pid);
    } finally {
      stt.close();
      pool.close();
    }
  }, 60_000);

  it('a process freed by barge-in serves the next utterance with none of the dropped words', async () => {
    const pool = new RecognizerPool({ size: 1 });
    const stt = new PocketsphinxStt({ pool });
    try {
      const dropped = stt.start(() => {});
      speak(dropped, 'kitchen');
      dropped.abort();
      const next = stt.start(() => {});
      speak(next, 'drawing');
      const heard = text(await next.finish());
      expect(heard).toMatch(/love drawing/);
      expect(heard).not.toMatch(/kitchen/);
      expect(pool.stats().processes).toBe(1);
    } finally {
      stt.close();
      pool.close();
    }
  }, 60_000);
});
