/** Scripted fake providers and audio for pipeline tests. */
import type { ServerMessage } from '@app/shared';
import { buildPlan, type InterviewPlan } from '../../src/interview/plan';
import {
  ProviderBusyError,
  ProviderError,
  type Interviewer,
  type InterviewerRequest,
  type SpeechToText,
  type TextToSpeech,
} from '../../src/interview/providers/types';
import type { StoredTurn } from '../../src/interview/store';

/** Returns the scripted texts, one per utterance, in order. */
export class FakeStt implements SpeechToText {
  readonly name: string;
  started = 0;
  constructor(
    private readonly script: string[],
    /** How it fails (a test may set it to 'none' to let the provider recover). */
    public failure: 'none' | 'start' | 'finish' | 'busy' = 'none',
    name?: string,
  ) {
    this.name = name ?? (failure === 'none' ? 'fake-stt' : 'failing-stt');
  }
  /** What its streams answer to `peek` (the words heard so far, as pocketsphinx does in a pause). */
  peekText: (() => string) | null = null;
  start() {
    if (this.failure === 'start') throw new ProviderError(this.name, 'cannot start');
    this.started++;
    let samples = 0;
    return {
      write: (s: Int16Array) => void (samples += s.length),
      peek: () => (this.peekText && samples ? { text: this.peekText() } : null),
      finish: async () => {
        if (this.failure === 'finish') throw new ProviderError(this.name, 'recognizer crashed');
        if (this.failure === 'busy') throw new ProviderBusyError(this.name, 'all recognizers are busy');
        return samples ? (this.script.shift() ?? '') : '';
      },
      abort: () => {},
    };
  }
}

/** 10 ms of audio per character, so the text ↔ audio mapping is easy to reason about. */
export class FakeTts implements TextToSpeech {
  readonly name: string;
  readonly spoken: string[] = [];
  constructor(
    /** Fails while true (a test may flip it to let the provider recover). */
    public fail = false,
    private readonly msPerChar = 10,
  ) {
    this.name = fail ? 'failing-tts' : 'fake-tts';
  }
  /** Texts whose synthesis was called off by its signal. */
  readonly abandoned: string[] = [];
  async synthesize(text: string, signal?: AbortSignal): Promise<Int16Array> {
    if (this.fail) throw new ProviderError(this.name, 'voice missing');
    this.spoken.push(text);
    signal?.addEventListener('abort', () => this.abandoned.push(text), { once: true });
    return new Int16Array(Math.round((text.length * this.msPerChar * 24000) / 1000)).fill(1000);
  }
}

/** Says its scripted lines in order, whatever the move (the real phrasing is tested separately). */
export class ScriptedInterviewer implements Interviewer {
  readonly name: string;
  readonly requests: InterviewerRequest[] = [];
  constructor(
    private readonly lines: string[],
    /** Fails while true (a test may flip it to let the provider recover). */
    public fail = false,
  ) {
    this.name = fail ? 'failing-llm' : 'scripted';
  }
  async *reply(request: InterviewerRequest): AsyncIterable<string> {
    if (this.fail) throw new ProviderError(this.name, 'HTTP 500');
    this.requests.push(request);
    const line =
      request.move.kind === 'closing' ? 'Thank you, that is all. Goodbye!' : (this.lines.shift() ?? 'Next question?');
    for (const word of line.split(/(?<= )/)) yield word;
  }
}

export function plan(maxQuestions = 5, maxMinutes = 25): InterviewPlan {
  return buildPlan(
    {
      job: {
        title: 'Storyboard Artist',
        description: 'Rate storyboards',
        positionType: 'Contract',
        interviewType: 'standard',
        skills: [],
        customQuestions: [],
      },
      candidate: { name: 'Dana Rivers' },
    },
    { maxMinutes, maxQuestions },
  );
}

export function tone(ms: number, amplitude = 8000): Int16Array {
  const n = Math.round((ms / 1000) * 24000);
  const out = new Int16Array(n);
  for (let i = 0; i < n; i++) out[i] = Math.round(amplitude * Math.sin((2 * Math.PI * 220 * i) / 24000));
  return out;
}

export const silence = (ms: number) => new Int16Array(Math.round((ms / 1000) * 24000));

/** Splits audio into 100 ms base64 mic chunks. */
export function chunks(samples: Int16Array): string[] {
  const out: string[] = [];
  for (let o = 0; o < samples.length; o += 2400) {
    const part = samples.subarray(o, o + 2400);
    out.push(Buffer.from(part.buffer, part.byteOffset, part.byteLength).toString('base64'));
  }
  return out;
}

export class Outbox {
  readonly messages: ServerMessage[] = [];
  readonly send = (m: ServerMessage) => void this.messages.push(m);

  async waitFor(pred: (m: ServerMessage) => boolean, timeoutMs = 30_000, from = 0): Promise<ServerMessage> {
    const until = Date.now() + timeoutMs;
    for (;;) {
      const found = this.messages.slice(from).find(pred);
      if (found) return found;
      if (Date.now() > until) throw new Error(`timed out; got ${this.messages.map((m) => m.event).join(',')}`);
      await new Promise((r) => setTimeout(r, 10));
    }
  }

  /** A message matching `pred` arrived (at or after index `from`). */
  has(pred: (m: ServerMessage) => boolean, from = 0): boolean {
    return this.messages.slice(from).some(pred);
  }

  count(event: ServerMessage['event']) {
    return this.messages.filter((m) => m.event === event).length;
  }

  transcripts(speaker: 'ai' | 'user', final = true) {
    return this.messages
      .filter((m) => m.event === 'transcript' && m.speaker === speaker && m.final === final)
      .map((m) => (m as { text: string }).text);
  }
}

export class MemorySink {
  readonly turns: StoredTurn[] = [];
  async append(turn: StoredTurn) {
    this.turns.push(turn);
  }
  async update(seq: number, text: string) {
    const t = this.turns.find((x) => x.seq === seq);
    if (t) t.text = text;
  }
}
