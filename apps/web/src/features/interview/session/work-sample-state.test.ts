import { describe, expect, it } from 'vitest';
import { initialSessionState, sessionReducer, type SessionAction, type SessionState } from './session-state';
import { secondsLeft, WORK_NOTES, type OpenWorkItem } from './work-sample-state';

const live: SessionState = { ...initialSessionState, status: 'listening', hadSession: true };
const run = (actions: SessionAction[], from: SessionState = live) => actions.reduce(sessionReducer, from);

const item = (index: number, over: Partial<OpenWorkItem> = {}): OpenWorkItem => ({
  itemId: `item-${index}`,
  index,
  count: 3,
  seconds: 120,
  elapsedSeconds: 0,
  receivedAtMs: 1_000_000,
  content: {
    task_name: `Poster ${index + 1}`,
    task_description: 'Rate the poster',
    instructions: 'Look at the layout.',
    data_to_annotate: { data_type: 'text', data_content: { text: 'A poster' } },
  },
  ...over,
});
const served = (index: number, over: Partial<OpenWorkItem> = {}): SessionAction => ({
  type: 'work_item',
  item: item(index, over),
});
const says = (speaker: 'ai' | 'user', text: string): SessionAction => ({
  type: 'transcript',
  speaker,
  text,
  final: true,
  id: text,
  timestamp: 1,
});

describe('the work sample in the session state', () => {
  it('thinking aloud while an item is open is heard, not waited on: the status stays listening', () => {
    const s = run([served(0), says('user', 'The type is crowded, so a two.')]);
    expect(s.status).toBe('listening');
    expect(s.transcripts.map((t) => t.text)).toEqual(['The type is crowded, so a two.']);
  });

  it('an item opens for a rating; a sent rating waits; the next item opens again', () => {
    let s = run([served(0)]);
    expect(s.workSample).toMatchObject({ item: { itemId: 'item-0', index: 0, count: 3 }, submit: 'open' });
    s = run([{ type: 'work_rating_sent', itemId: 'item-0' }], s);
    expect(s.workSample.submit).toBe('sending');
    // A second send for the same item changes nothing: one rating per item.
    expect(run([{ type: 'work_rating_sent', itemId: 'item-0' }], s)).toBe(s);
    s = run([served(1)], s);
    expect(s.workSample).toMatchObject({ item: { itemId: 'item-1', index: 1 }, submit: 'open' });
  });

  it('a rating for an item not on screen is not recorded as sent', () => {
    const s = run([served(0)]);
    expect(run([{ type: 'work_rating_sent', itemId: 'item-7' }], s)).toBe(s);
    expect(run([{ type: 'work_rating_sent', itemId: 'item-0' }], live)).toBe(live);
  });

  it('a refused rating is a note and the conversation goes on; 409 keeps the control closed, others reopen it', () => {
    const sending = run([served(0), { type: 'work_rating_sent', itemId: 'item-0' }]);
    const notFound = run(
      [{ type: 'work_refused', message: 'This item is not part of your work sample.', status: 404 }],
      sending,
    );
    expect(notFound.status).toBe('listening');
    expect(notFound.error).toBeNull();
    expect(notFound.workSample).toMatchObject({ submit: 'open', note: 'This item is not part of your work sample.' });
    const twice = run([{ type: 'work_refused', message: 'This item has already been rated.', status: 409 }], sending);
    expect(twice.workSample).toMatchObject({ submit: 'taken', note: 'This item has already been rated.' });
    const outOfRange = run(
      [{ type: 'work_refused', message: 'Malformed message: rating: rating must be…', status: 422 }],
      sending,
    );
    expect(outOfRange.workSample.note).toBe(WORK_NOTES.outOfRange);
    // The next item clears the note; so does the next send.
    expect(run([served(1)], twice).workSample.note).toBeNull();
    expect(run([{ type: 'work_rating_sent', itemId: 'item-0' }], notFound).workSample.note).toBeNull();
  });

  it('a refusal with no item open changes nothing', () => {
    expect(run([{ type: 'work_refused', message: 'No work-sample item is open.', status: 409 }])).toBe(live);
  });

  it('practice feedback stays above the next item until the next rating, and in place after the last', () => {
    const feedback = (i: number) => ({
      type: 'work_feedback' as const,
      feedback: { itemId: `item-${i}`, rating: 4, referenceRating: 3, explanation: 'The layout is crowded.' },
    });
    let s = run([served(0), { type: 'work_rating_sent', itemId: 'item-0' }, feedback(0), served(1)]);
    expect(s.workSample.feedback).toMatchObject({ itemId: 'item-0', referenceRating: 3 });
    expect(s.workSample.item?.itemId).toBe('item-1');
    s = run([{ type: 'work_rating_sent', itemId: 'item-1' }], s);
    expect(s.workSample.feedback).toBeNull();
    s = run([feedback(1), served(2), { type: 'work_rating_sent', itemId: 'item-2' }, feedback(2)], s);
    expect(s.workSample.item).toBeNull();
    expect(s.workSample.feedback).toMatchObject({ itemId: 'item-2' });
    // The goodbye and the end leave the last feedback where it is.
    s = run([says('ai', 'Thanks, that is all.'), { type: 'closed_by_interviewer' }], s);
    expect(s.workSample.feedback).toMatchObject({ itemId: 'item-2' });
  });

  it('after the last rating the interviewer speaking again closes the sample; before it, it does not', () => {
    const last = run([served(2), { type: 'work_rating_sent', itemId: 'item-2' }]);
    expect(run([says('ai', 'Thank you, that was the last item. Goodbye!')], last).workSample.item).toBeNull();
    const middle = run([served(1), { type: 'work_rating_sent', itemId: 'item-1' }]);
    expect(run([says('ai', 'Hmm')], middle).workSample.item?.itemId).toBe('item-1');
    // The candidate thinking aloud never closes it.
    expect(run([says('user', 'I give it a 4')], last).workSample.item?.itemId).toBe('item-2');
  });

  it('the end of the interview closes the item; after the end nothing opens one', () => {
    const open = run([served(1)]);
    expect(run([{ type: 'ended' }], open).workSample.item).toBeNull();
    expect(run([{ type: 'closed_by_interviewer' }], open).workSample.item).toBeNull();
    const ended = run([{ type: 'ended' }]);
    expect(run([served(0)], ended)).toBe(ended);
  });

  it('a reconnect that re-sends the same item with its clock running opens it again', () => {
    const before = run([served(1), { type: 'work_rating_sent', itemId: 'item-1' }, { type: 'connection_lost' }]);
    const after = run([{ type: 'connect' }, { type: 'session_ready' }, served(1, { elapsedSeconds: 40 })], before);
    expect(after.workSample).toMatchObject({ item: { itemId: 'item-1', elapsedSeconds: 40 }, submit: 'open' });
  });

  it('counts the time left from the seconds allowed less those used, never below zero', () => {
    const it0 = item(0, { seconds: 120, elapsedSeconds: 40, receivedAtMs: 5_000 });
    expect(secondsLeft(it0, 5_000)).toBe(80);
    expect(secondsLeft(it0, 5_000 + 79_500)).toBe(1);
    expect(secondsLeft(it0, 5_000 + 80_000)).toBe(0);
    expect(secondsLeft(it0, 5_000 + 500_000)).toBe(0);
  });
});
