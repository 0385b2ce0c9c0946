/**
 * What is judged on the careful record (decision 0173): too little heard surely gives
 * `insufficient_audio` (no scores) and the interview still reaches a reviewer; a record heard surely is
 * scored as before, its debrief is reliable; talent search finds what the careful pass heard.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { CAREFUL_UNSURE_BELOW, assessmentSchema } from '@app/shared';
import { buildTestApp, type TestContext } from '../helpers/build';
import { transcriptTurns } from '../../src/db/schema';
import { assessInterview } from '../../src/interview/assessment';
import { writeCarefulRecord } from '../../src/interview/transcript/careful-transcript';
import { GOOD_CONVERSATION, readInterview, seedInterview } from './fixtures';

let t: TestContext;
beforeAll(async () => (t = await buildTestApp()));
afterAll(async () => t.close());

/** Gives every candidate turn careful words at the confidences `confidence(i)` returns (i: word index). */
async function carefulWords(interviewId: string, confidence: (i: number) => number) {
  const turns = await t.app.db.select().from(transcriptTurns).where(eq(transcriptTurns.interviewId, interviewId));
  let i = 0;
  for (const turn of turns.filter((x) => x.speaker === 'user')) {
    const words = turn.text.split(' ').map((text, k) => ({
      text,
      confidence: confidence(i++),
      start_seconds: k * 0.4,
      end_seconds: k * 0.4 + 0.3,
    }));
    await t.app.db
      .update(transcriptTurns)
      .set({ words })
      .where(and(eq(transcriptTurns.interviewId, interviewId), eq(transcriptTurns.seq, turn.seq)));
  }
}

const detail = async (id: string) => (await t.get(`/api/admin/interviews/${id}`, await t.adminToken())).json();

describe('the assessment of a careful record', () => {
  it('answers insufficient_audio, with no scores, when too little was heard surely; the interview still reaches review', async () => {
    const { interview } = await seedInterview(t.app.db);
    // What a recognizer makes of unintelligible audio: words, few of them sure.
    await carefulWords(interview.id, (i) => (i % 5 === 0 ? 0.9 : 0.2));
    const assessment = await assessInterview(t.app.db, t.config, interview.id);
    expect(assessment).toMatchObject({
      status: 'insufficient_audio',
      criteria: [],
      overall_score: null,
      recommendation: null,
    });
    expect(assessment!.summary).toMatch(/heard surely/);
    expect(assessment!.summary).toMatch(/: 21% of the 146 recognized words/);
    expect(assessmentSchema.parse(assessment)).toEqual(assessment);
    expect((await readInterview(t.app.db, interview.id)).status).toBe('under_review');
    // The reviewer sees it with the interview.
    expect((await detail(interview.id)).assessment.status).toBe('insufficient_audio');
  });

  it('a turn the careful pass heard nothing in counts as unsure', async () => {
    const { interview } = await seedInterview(t.app.db);
    await carefulWords(interview.id, () => 0.95);
    const turns = await t.app.db.select().from(transcriptTurns).where(eq(transcriptTurns.interviewId, interview.id));
    const answers = turns.filter((x) => x.speaker === 'user').sort((a, b) => a.seq - b.seq);
    // Heard nothing in three of the four answers: their live text stands, with `words: []`.
    await writeCarefulRecord(
      t.app.db,
      interview.id,
      answers.slice(1).map((a) => ({ seq: a.seq, pcm: new Int16Array(0), turns: [{ seq: a.seq, start_seconds: 0 }] })),
      answers.slice(1).map(() => []),
    );
    const assessment = await assessInterview(t.app.db, t.config, interview.id);
    expect(assessment!.status).toBe('insufficient_audio');
    const transcript = (await detail(interview.id)).transcript;
    expect(transcript[3]).toMatchObject({ text: GOOD_CONVERSATION[3]![1], words: [] });
  });

  it('scores a record heard surely exactly as the same text without confidences', async () => {
    const plain = await seedInterview(t.app.db);
    const careful = await seedInterview(t.app.db);
    // Some unsure words, as in clear speech: most of it heard surely.
    await carefulWords(careful.interview.id, (i) => (i % 4 === 0 ? CAREFUL_UNSURE_BELOW / 2 : 0.97));
    const a = await assessInterview(t.app.db, t.config, plain.interview.id);
    const b = await assessInterview(t.app.db, t.config, careful.interview.id);
    expect(b!.status).toBe('scored');
    expect(b!.overall_score).not.toBeNull();
    expect({ ...b, generated_at: '' }).toEqual({ ...a, generated_at: '' });
  });
});

describe('the debrief of a careful record', () => {
  it('is reliable for a clear interview and names only surely heard words', async () => {
    const { interview } = await seedInterview(t.app.db);
    // Clear speech through the careful pass: many posteriors sit between its line and the live one
    // (0.7), which the careful record is not judged by.
    await carefulWords(interview.id, (i) => (i % 2 === 0 ? CAREFUL_UNSURE_BELOW + 0.1 : 0.99));
    const debrief = (await t.get(`/api/interviews/${interview.id}/debrief`, await t.adminToken())).json();
    expect(debrief.reliable).toBe(true);
    expect(debrief.answers.every((a: { reliable: boolean }) => a.reliable)).toBe(true);

    // An answer whose tool name was heard unsurely: the debrief does not name it back.
    const unsure = await seedInterview(t.app.db);
    await carefulWords(unsure.interview.id, () => 0.99);
    const [turn] = await t.app.db
      .select()
      .from(transcriptTurns)
      .where(and(eq(transcriptTurns.interviewId, unsure.interview.id), eq(transcriptTurns.seq, 5)));
    const words = turn!.words!.map((w) => (/Illustrator/.test(w.text) ? { ...w, confidence: 0.1 } : w));
    await t.app.db
      .update(transcriptTurns)
      .set({ words })
      .where(and(eq(transcriptTurns.interviewId, unsure.interview.id), eq(transcriptTurns.seq, 5)));
    const named = (await t.get(`/api/interviews/${unsure.interview.id}/debrief`, await t.adminToken())).json();
    const items = named.answers.flatMap((a: { concrete_items: string[] }) => a.concrete_items).join(' | ');
    expect(items).not.toMatch(/illustrator/i);
  });
});

describe('talent search on the careful record', () => {
  it('finds a word the careful pass heard and not the one the live pass misheard', async () => {
    const { token, user } = await t.signUp();
    await t.put('/api/profile/complete', token, { bio: 'Glass.', expertise: ['Glass'], name: 'Ines Varga' });
    const live = 'I fire test tiles in the kitchen before every window.';
    const { interview } = await seedInterview(t.app.db, {
      candidateId: user.id,
      conversation: [
        ['ai', 'Tell me about your process.'],
        ['user', live],
      ],
    });
    const admin = await t.adminToken();
    const search = async (word: string) =>
      ((await t.get(`/api/admin/talent?q=${word}`, admin)).json() as { results: { candidate_id: string }[] }).results
        .map((r) => r.candidate_id)
        .includes(user.id);
    expect(await search('kitchen')).toBe(true);
    expect(await search('kiln')).toBe(false);

    const heard = 'I fire test tiles in the kiln before every window'
      .split(' ')
      .map((text, k) => ({ text, confidence: 0.9, start_seconds: k * 0.4, end_seconds: k * 0.4 + 0.3 }));
    await writeCarefulRecord(
      t.app.db,
      interview.id,
      [{ seq: 0, pcm: new Int16Array(0), turns: [{ seq: 1, start_seconds: 0 }] }],
      [heard],
    );
    expect(await search('kiln')).toBe(true);
    expect(await search('kitchen')).toBe(false);
  });
});
