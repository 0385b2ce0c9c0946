import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { debriefSchema, type Debrief } from '@app/shared';
import { buildTestAppWithAdmin, type TestContext } from '../helpers/build';
import { postJob } from '../helpers/work-fixtures';
import { practiceDebriefs } from '../../src/db/schema';
import { appendTurn } from '../../src/interview/store';
import { createInterview } from '../../src/services/interviews';

let t: TestContext;
let admin: string;
beforeAll(async () => ({ t, admin } = await buildTestAppWithAdmin()));
afterAll(() => t.close());

const T0 = Date.parse('2026-02-02T09:00:00Z');
const at = (s: number) => new Date(T0 + s * 1000);
const ANSWER = 'I retouched a kitchen catalog in Photoshop and cut the turnaround from five days to two';

/** A completed interview of `jobId` with one question and one answer (16 words in 6 s: 160 wpm). */
async function interviewOf(jobId: string, candidateId: string) {
  const interview = await createInterview(t.database.db, {
    jobId,
    candidateId,
    status: 'completed',
    completedAt: new Date(),
  });
  const turn = { offsetSeconds: 0 };
  await appendTurn(t.database.db, interview.id, {
    ...turn,
    seq: 0,
    speaker: 'ai',
    text: 'How have you used Photoshop in your work?',
    startedAt: at(0),
    endedAt: at(4),
  });
  await appendTurn(t.database.db, interview.id, {
    ...turn,
    seq: 1,
    speaker: 'user',
    text: ANSWER,
    startedAt: at(5),
    endedAt: at(11),
    words: ANSWER.split(' ').map((w) => ({ text: w, confidence: 0.92 })),
  });
  return interview;
}

const decide = (id: string) => t.post(`/api/admin/interviews/${id}/decision`, admin, { decision: 'approved' });
const debriefOf = (id: string, token?: string) => t.get(`/api/interviews/${id}/debrief`, token);

describe('GET /api/interviews/{id}/debrief', () => {
  it('answers the exact shape, measured from the stored turns', async () => {
    const job = await postJob(t, admin, { share_feedback: true, skills: [{ name: 'Photoshop' }] });
    const c = await t.signUp();
    const iv = await interviewOf(job.id, c.user.id);
    const res = await debriefOf(iv.id, admin);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(debriefSchema.parse(body)).toBeTruthy();
    expect(body).toMatchObject({
      reliable: true,
      delivery: { words_per_minute: 160, filler_per_100_words: 0, talk_share: 0.6, longest_answer_seconds: 6 },
      answers: [
        {
          question: 'How have you used Photoshop in your work?',
          text: ANSWER,
          words_per_minute: 160,
          fillers: [],
          job_terms: ['Photoshop'],
          concrete_items: expect.arrayContaining(['Photoshop']),
          suggestion: expect.stringMatching(/^(Communication|Creative expertise|Critique ability|Role fit): /),
        },
      ],
    });
  });

  it('the admin always; the candidate only when the job shares feedback and a decision exists; others 404', async () => {
    const sharing = await postJob(t, admin, { share_feedback: true });
    const silent = await postJob(t, admin);
    expect((silent as { share_feedback?: boolean }).share_feedback).toBe(false);
    const c = await t.signUp();
    const other = await t.signUp();
    const shared = await interviewOf(sharing.id, c.user.id);
    const notShared = await interviewOf(silent.id, c.user.id);

    // Before the decision: the admin reads it, the candidate does not.
    expect((await debriefOf(shared.id, admin)).statusCode).toBe(200);
    const early = await debriefOf(shared.id, c.token);
    expect(early.statusCode).toBe(404);
    expect(early.json()).toEqual({ detail: 'Interview not found' });

    expect((await decide(shared.id)).statusCode).toBe(200);
    expect((await decide(notShared.id)).statusCode).toBe(200);
    expect((await debriefOf(shared.id, c.token)).statusCode).toBe(200);
    // A job that does not share feedback: never to the candidate, decision or not; the admin still.
    expect((await debriefOf(notShared.id, c.token)).statusCode).toBe(404);
    expect((await debriefOf(notShared.id, admin)).statusCode).toBe(200);
    // Another candidate, and nobody signed in.
    expect((await debriefOf(shared.id, other.token)).statusCode).toBe(404);
    expect((await debriefOf(shared.id)).statusCode).toBe(401);
    expect((await debriefOf('not-a-uuid', c.token)).statusCode).toBe(422);
    expect((await debriefOf(crypto.randomUUID(), admin)).statusCode).toBe(404);
  });

  it('the job form setting: false by default, changed by an edit, in the job as read', async () => {
    const job = await postJob(t, admin);
    const res = await t.patch(`/api/admin/jobs/${job.id}`, admin, { share_feedback: true });
    expect(res.statusCode).toBe(200);
    expect(res.json().share_feedback).toBe(true);
    const bad = await t.patch(`/api/admin/jobs/${job.id}`, admin, { share_feedback: 'yes' });
    expect(bad.statusCode).toBe(422);
  });
});

const debrief: Debrief = {
  reliable: true,
  delivery: {
    words_per_minute: 142,
    filler_per_100_words: 2.5,
    talk_share: 0.48,
    longest_answer_seconds: 21.5,
    start_seconds: 1.2,
    wpm_band: [130, 175],
  },
  answers: [
    {
      question: 'You mentioned you work as a designer. What drew you to this role?',
      text: 'um I design packaging for a tea brand',
      words_per_minute: 142,
      fillers: ['um'],
      filler_spans: [[0, 2]],
      concrete_items: ['design packaging'],
      job_terms: [],
      suggestion: 'Communication: give a full example: what the task was, what you did, and how it turned out.',
      suggestion_criterion: 'communication',
      reliable: true,
      seconds: 3.4,
      start_seconds: 1.2,
    },
  ],
};

describe('practice debriefs the candidate keeps', () => {
  it('are theirs alone, in their export, and removed with the account', async () => {
    const c = await t.signUp();
    const other = await t.signUp();
    const kept = await t.post('/api/practice-debriefs', c.token, { debrief });
    expect(kept.statusCode).toBe(201);
    const id = kept.json().id as string;
    expect((await t.get(`/api/practice-debriefs/${id}`, c.token)).json().debrief).toEqual(debrief);
    expect((await t.get('/api/practice-debriefs', c.token)).json()).toEqual([expect.objectContaining({ id })]);
    // Nobody else reads it.
    expect((await t.get(`/api/practice-debriefs/${id}`, other.token)).statusCode).toBe(404);
    expect((await t.get('/api/practice-debriefs', other.token)).json()).toEqual([]);
    expect((await t.get(`/api/practice-debriefs/${id}`, admin)).statusCode).toBe(404);

    const exported = (await t.get('/api/account/export', c.token)).json();
    expect(exported.practice_debriefs).toEqual([expect.objectContaining({ id, debrief })]);

    expect((await t.delete('/api/account', c.token, { password: 'secret123' })).statusCode).toBe(204);
    const left = await t.database.db.select().from(practiceDebriefs).where(eq(practiceDebriefs.id, id));
    expect(left).toEqual([]);
  });

  it('refuses a body that is not a debrief, and may be deleted by its owner', async () => {
    const c = await t.signUp();
    const bad = await t.post('/api/practice-debriefs', c.token, { debrief: { reliable: 'yes' } });
    expect(bad.statusCode).toBe(422);
    const id = (await t.post('/api/practice-debriefs', c.token, { debrief })).json().id as string;
    expect((await t.delete(`/api/practice-debriefs/${id}`, (await t.signUp()).token)).statusCode).toBe(404);
    expect((await t.delete(`/api/practice-debriefs/${id}`, c.token)).statusCode).toBe(204);
    expect((await t.get(`/api/practice-debriefs/${id}`, c.token)).statusCode).toBe(404);
  });
});
