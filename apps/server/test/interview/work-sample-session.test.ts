import { describe, expect, it } from 'vitest';
import { workSampleIntro, type ServerMessage, type WorkItemMessage } from '@app/shared';
import { InterviewSession, type SessionDeps } from '../../src/interview/session';
import type { WorkSampleSource, WorkSampleState } from '../../src/interview/work-sample/source';
import { conflict, notFound } from '../../src/http/http-errors';
import { resultItems } from '../../src/interview/work-sample/result';
import { summarize } from '../../src/interview/work-sample/score';
import { ManualClock } from './manual-clock';
import { chunks, FakeStt, FakeTts, MemorySink, Outbox, plan, ScriptedInterviewer, silence, tone } from './fakes';

/** An in-memory sample of `n` items with the stored sample's rules: one rating each, in order. */
class MemorySample implements WorkSampleSource {
  ratings: { itemId: string; rating: number }[] = [];
  private served = -1;
  constructor(readonly count: number) {}
  state(): WorkSampleState {
    if (this.ratings.length >= this.count) return 'done';
    return this.served >= 0 ? 'in_progress' : 'not_started';
  }
  async current(): Promise<WorkItemMessage | null> {
    const index = this.ratings.length;
    if (index >= this.count) return null;
    this.served = Math.max(this.served, index);
    return {
      event: 'work_item',
      item_id: `item-${index}`,
      index,
      count: this.count,
      seconds: 60,
      elapsed_seconds: 0,
      item: { task_name: `Item ${index}`, task_description: '', instructions: '', data_to_annotate: {} },
    };
  }
  async rate(itemId: string, rating: number) {
    const at = Number(itemId.split('-')[1]);
    if (!itemId.startsWith('item-') || at >= this.count) throw notFound('This item is not part of your work sample.');
    if (at < this.ratings.length) throw conflict('This item has already been rated.');
    if (at > this.served) throw conflict('This item has not been shown to you yet.');
    this.ratings.push({ itemId, rating });
    return {};
  }
}

function setup(sample: WorkSampleSource | null) {
  const out = new Outbox();
  const clock = new ManualClock();
  const ends: string[] = [];
  const deps: SessionDeps = {
    plan: plan(1),
    stt: [
      new FakeStt([
        'I painted murals for ten years in my home town and loved it',
        'Mostly acrylics.',
        'The light is flat here so I give it a two',
      ]),
    ],
    interviewers: [new ScriptedInterviewer(['Hello Dana. What do you draw?', 'Nice. What tools do you use?'])],
    tts: [new FakeTts()],
    sink: new MemorySink(),
    settings: { windows: { base: 200, unfinished: 700, waiting: 2500 }, audioLeadMs: 1e9 },
    onEnd: async (reason) => void ends.push(reason),
    clock,
    workSample: sample,
  };
  return { session: new InterviewSession('s1', 'i1', 'u1', deps), out, clock, ends };
}

const say = (session: InterviewSession, ms: number) => {
  for (const c of chunks(new Int16Array([...tone(ms), ...silence(300)]))) session.micChunk(c);
};
const items = (out: Outbox) => out.messages.filter((m): m is WorkItemMessage => m.event === 'work_item');
const errors = (out: Outbox) =>
  out.messages.filter((m): m is Extract<ServerMessage, { event: 'error' }> => m.event === 'error');

describe('the work sample inside the live interview', () => {
  it('comes after the planned questions: intro, one item at a time, think-aloud unanswered, then goodbye', async () => {
    const sample = new MemorySample(2);
    const { session, out, clock, ends } = setup(sample);
    session.attach(out.send, false);
    await clock.until(() => out.has((m) => m.event === 'answer_end'));
    say(session, 600);
    await clock.until(() => out.count('answer_end') === 2, 5000);
    say(session, 600);
    await clock.until(() => items(out).length === 1, 5000);
    // The interviewer introduced the sample in one sentence instead of saying goodbye.
    expect(out.transcripts('ai').at(-1)).toBe(workSampleIntro(2));
    expect(items(out)[0]).toMatchObject({ item_id: 'item-0', index: 0, count: 2 });
    expect(JSON.stringify(items(out)[0])).not.toMatch(/gold/);

    // Thinking aloud is heard (a user turn) but the interviewer does not reply to it.
    const aiTurns = out.transcripts('ai').length;
    say(session, 600);
    await clock.until(() => out.transcripts('user').length === 3, 5000);
    await clock.advance(2000);
    expect(out.transcripts('ai').length).toBe(aiTurns);

    // A rating for an item not yet shown is refused; the right one brings the next item.
    session.workRating('item-1', 3);
    await session.workSampleSettled();
    expect(errors(out).at(-1)).toMatchObject({ status: 409, recoverable: true });
    session.workRating('item-0', 2);
    await session.workSampleSettled();
    expect(items(out).at(-1)).toMatchObject({ item_id: 'item-1', index: 1 });
    // A replay is a 409 and stores nothing.
    session.workRating('item-0', 5);
    await session.workSampleSettled();
    expect(errors(out).at(-1)).toMatchObject({ status: 409, message: 'This item has already been rated.' });
    session.workRating('nope', 5);
    await session.workSampleSettled();
    expect(errors(out).at(-1)).toMatchObject({ status: 404 });

    session.workRating('item-1', 4);
    await session.workSampleSettled();
    await clock.until(() => out.has((m) => m.event === 'conversation_ended'), 5000);
    expect(out.transcripts('ai').at(-1)).toBe('Thank you, that is all. Goodbye!');
    expect(sample.ratings).toEqual([
      { itemId: 'item-0', rating: 2 },
      { itemId: 'item-1', rating: 4 },
    ]);
    expect(ends).toEqual(['conversation_ended']);
  });

  it('a reconnect comes back to the same item, with a short welcome back', async () => {
    const sample = new MemorySample(2);
    await sample.current();
    await sample.rate('item-0', 3);
    await sample.current();
    // A session rebuilt after the sample began: it resumes the sample, not the questions.
    const rebuilt = setup(sample);
    rebuilt.session.attach(rebuilt.out.send, true);
    await rebuilt.clock.until(() => items(rebuilt.out).length === 1, 5000);
    expect(items(rebuilt.out)[0]).toMatchObject({ item_id: 'item-1', index: 1 });
    expect(rebuilt.out.transcripts('ai')[0]).toMatch(/^Welcome back/);
    rebuilt.session.dispose();
  });

  it('without a sample the interview closes as before', async () => {
    const { session, out, clock } = setup(null);
    session.attach(out.send, false);
    await clock.until(() => out.has((m) => m.event === 'answer_end'));
    say(session, 600);
    await clock.until(() => out.count('answer_end') === 2, 5000);
    say(session, 600);
    await clock.until(() => out.has((m) => m.event === 'conversation_ended'), 5000);
    expect(items(out)).toEqual([]);
  });
});

describe('the think-aloud of each item', () => {
  it('is what the candidate said between the item being sent and the next one', () => {
    const at = (s: number) => new Date(Date.UTC(2026, 10, 29, 10, 0, s));
    const row = (position: number, served: number | null, rating: number | null, rated: number | null) => ({
      id: `r${position}`,
      interviewId: 'i',
      itemId: `item-${position}`,
      position,
      taskName: `Item ${position}`,
      goldRating: 3,
      secondsAllowed: 60,
      servedAt: served === null ? null : at(served),
      offsetSeconds: served,
      rating,
      ratedAt: rated === null ? null : at(rated),
      late: false,
      createdAt: at(0),
    });
    const items = resultItems(
      [row(0, 10, 4, 25), row(1, 26, 1, 50), row(2, null, null, null)],
      [
        { text: 'Before the sample.', startedAt: at(5) },
        { text: 'The type is crowded,', startedAt: at(12) },
        { text: 'so a four.', startedAt: at(20) },
        { text: 'Blurry, one.', startedAt: at(30) },
      ],
    );
    expect(items.map((i) => [i.think_aloud, i.distance, i.seconds])).toEqual([
      ['The type is crowded, so a four.', 1, 15],
      ['Blurry, one.', 2, 24],
      ['', null, null],
    ]);
    expect(summarize(items)).toMatchObject({ mean_abs_distance: 1.5, within_one_share: 0.5, median_seconds: 19.5 });
  });
});
