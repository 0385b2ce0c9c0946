import { describe, expect, it } from 'vitest';
import type { Interviewer, InterviewerRequest } from '../../src/interview/providers/types';
import { InterviewSession } from '../../src/interview/session';
import { ManualClock } from './manual-clock';
import { chunks, FakeStt, FakeTts, MemorySink, Outbox, plan, silence, tone } from './fakes';

/** Answers with how many words it heard, and can say so in advance (as the built-in interviewer can). */
class CountingInterviewer implements Interviewer {
  readonly name = 'counting';
  previews = 0;
  preview(request: InterviewerRequest): string {
    this.previews++;
    return this.text(request);
  }
  async *reply(request: InterviewerRequest): AsyncIterable<string> {
    yield this.text(request);
  }
  private text({ move, lastAnswer }: InterviewerRequest): string {
    if (move.kind === 'greeting') return 'Hello Dana. What do you draw?';
    return `You said ${lastAnswer?.split(' ').length ?? 0} words. What tools do you use?`;
  }
}

/** `heardSoFar`: what the recognizer has printed at the first pause. */
function setup(script: string[], heardSoFar: string) {
  const out = new Outbox();
  const sink = new MemorySink();
  const clock = new ManualClock();
  const stt = new FakeStt(script);
  stt.peekText = () => heardSoFar;
  const tts = new FakeTts();
  const interviewer = new CountingInterviewer();
  const session = new InterviewSession('s1', 'i1', 'u1', {
    plan: plan(),
    stt: [stt],
    interviewers: [interviewer],
    tts: [tts],
    sink,
    settings: { windows: { base: 350, unfinished: 1000, waiting: 2500 }, audioLeadMs: 1e9 },
    clock,
  });
  const feed = (samples: Int16Array) => chunks(samples).forEach((c) => session.micChunk(c));
  return { session, out, clock, stt, tts, interviewer, feed, sink };
}

const isAi = (m: { event: string; speaker?: string }) => m.event === 'transcript' && m.speaker === 'ai';

describe('the reply is prepared during the candidate’s pause (preemptive synthesis)', () => {
  it('synthesizes the first sentence before the silence window ends and sends that audio when it does', async () => {
    const { session, out, clock, tts, feed } = setup(
      ['I paint murals in my home town'],
      'I paint murals in my home town',
    );
    session.attach(out.send, false);
    await clock.until(() => out.has((m) => m.event === 'answer_end'));
    const from = out.messages.length;
    feed(new Int16Array([...tone(800), ...silence(200)])); // a pause, not yet the end of the turn
    await clock.settle();
    expect(tts.spoken).toContain('You said 7 words.');
    expect(out.has((m) => m.event === 'tts_chunk', from)).toBe(false); // nothing said yet

    feed(silence(200)); // the pause reaches the 350 ms window: the turn ends
    await clock.until(() => out.has((m) => m.event === 'answer_end', from), 3000);
    expect(out.transcripts('ai').at(-1)).toBe('You said 7 words. What tools do you use?');
    // Synthesized once, ahead of time; no second synthesis when it was said.
    expect(tts.spoken.filter((s) => s === 'You said 7 words.')).toHaveLength(1);
    const metrics = out.messages.find((m) => m.event === 'metrics') as { latency: { tts_ms: number } };
    expect(metrics.latency.tts_ms).toBe(0);
  });

  it('does not say the prepared reply when the candidate goes on: the reply answers everything they said', async () => {
    const { session, out, clock, tts, interviewer, feed } = setup(
      ['I paint murals and posters for theatres'],
      'I paint murals',
    );
    session.attach(out.send, false);
    await clock.until(() => out.has((m) => m.event === 'answer_end'));
    const from = out.messages.length;
    feed(new Int16Array([...tone(600), ...silence(200)]));
    await clock.settle();
    expect(interviewer.previews).toBe(1);
    expect(tts.spoken).toContain('You said 3 words.');

    // They go on before the window closes: the turn ends after the second pause, with all their words.
    feed(new Int16Array([...tone(600), ...silence(500)]));
    await clock.until(() => out.has((m) => m.event === 'answer_end', from), 3000);
    expect(out.transcripts('user')).toEqual(['I paint murals and posters for theatres']);
    expect(out.messages.slice(from).filter(isAi).at(-1)).toMatchObject({
      text: 'You said 7 words. What tools do you use?',
    });
    expect(tts.spoken).toContain('You said 7 words.');
  });

  it('calls off the prepared synthesis when the candidate ends the interview in the pause', async () => {
    const { session, out, clock, tts, feed, sink } = setup(['I paint murals'], 'I paint murals');
    session.attach(out.send, false);
    await clock.until(() => out.has((m) => m.event === 'answer_end'));
    feed(new Int16Array([...tone(600), ...silence(200)]));
    await clock.settle();
    expect(tts.spoken).toContain('You said 3 words.');
    expect(tts.abandoned).not.toContain('You said 3 words.');

    await session.end('user_ended');
    expect(tts.abandoned).toContain('You said 3 words.');
    // What they said is kept; nothing more is said.
    expect(sink.turns.filter((t) => t.speaker === 'user').map((t) => t.text)).toEqual(['I paint murals']);
    expect(tts.spoken.filter((s) => s.startsWith('You said'))).toEqual(['You said 3 words.']);
  });
});
