import { describe, expect, it } from 'vitest';
import { InterviewSession, type SessionDeps } from '../../src/interview/session';
import { ManualClock } from './manual-clock';
import { chunks, FakeStt, FakeTts, MemorySink, Outbox, plan, ScriptedInterviewer, silence, tone } from './fakes';

/** Mute pauses the answer and the interviewer's check-ins (decision 0180); progress frames (0181). */
function setup(over: Partial<SessionDeps> = {}) {
  const out = new Outbox();
  const sink = new MemorySink();
  const clock = new ManualClock();
  const deps: SessionDeps = {
    plan: plan(),
    stt: [new FakeStt(['I painted murals for ten years', 'and then I moved into storyboards for film'])],
    interviewers: [new ScriptedInterviewer(['Hello Dana. What do you draw?', 'Nice. What tools do you use?'])],
    tts: [new FakeTts()],
    sink,
    settings: { windows: { base: 200, unfinished: 700, waiting: 2500 }, audioLeadMs: 1e9, idleNudgeMs: 300 },
    clock,
    ...over,
  };
  return { session: new InterviewSession('s1', 'i1', 'u1', deps), out, sink, clock };
}

function say(session: InterviewSession, speechMs: number, silenceMs = 0) {
  for (const c of chunks(new Int16Array([...tone(speechMs), ...silence(silenceMs)]))) session.micChunk(c);
}

describe('muting during the live interview', () => {
  it('pauses the answer: the half said before muting is not a finished turn, and the answer goes on after unmuting', async () => {
    const { session, out, sink, clock } = setup();
    session.attach(out.send, false);
    await clock.until(() => out.has((m) => m.event === 'answer_end'));
    say(session, 600);
    session.mute(true);
    // Far longer than any silence window: the muted answer stays open.
    await clock.advance(10_000);
    expect(out.transcripts('user')).toEqual([]);
    expect(sink.turns.filter((t) => t.speaker === 'user')).toEqual([]);
    expect(out.transcripts('ai')).toEqual(['Hello Dana. What do you draw?']);

    session.mute(false);
    say(session, 600, 800);
    await clock.until(() => out.transcripts('user').length === 1, 5000);
    // One turn: both halves, joined.
    expect(out.transcripts('user')).toEqual([
      'I painted murals for ten years and then I moved into storyboards for film',
    ]);
  });

  it('does not prompt a muted candidate, and checks in again once they unmute and stay silent', async () => {
    const { session, out, clock } = setup();
    session.attach(out.send, false);
    await clock.until(() => out.has((m) => m.event === 'answer_end'));
    session.mute(true);
    await clock.advance(5_000);
    expect(out.transcripts('ai')).toEqual(['Hello Dana. What do you draw?']);
    session.mute(false);
    await clock.until(() => out.transcripts('ai').length === 2, 2000);
    expect(out.transcripts('ai')[1]).toBe("Take your time. Whenever you're ready: What do you draw?");
  });

  it('says where the interview is: question 1 of the plan with the time used against its length', async () => {
    const { session, out, clock } = setup();
    session.attach(out.send, false);
    await clock.until(() => out.has((m) => m.event === 'progress'));
    const p = out.messages.find((m) => m.event === 'progress');
    expect(p).toMatchObject({ event: 'progress', question: 1, questions: 5, max_seconds: 25 * 60 });
  });
});
