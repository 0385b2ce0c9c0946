import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { debriefSchema, PRACTICE_DEBRIEFS_KEPT, type Debrief } from '@app/shared';
import { buildTestAppWithAdmin, type TestContext } from '../helpers/build';
import { postJob } from '../helpers/work-fixtures';
import { practiceDebriefs } from '../../src/db/schema';
import { appendTurn } from '../../src/interview/store';
import { createInterview } from '../../src/interview/interviews';
import { debriefSealFor } from '../../src/interview/debrief/seal';
import { PRACTICE_DEBRIEF_KEEP_LIMIT } from '../../src/interview/routes/debrief';

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

/** What the live session sends with a practice debrief: the seal for this account (decision 0171). */
const sealed = (userId: string, d: Debrief = debrief) => ({
  debrief: d,
  seal: debriefSealFor(t.app.config).seal(userId, d),
});

describe('practice debriefs the candidate keeps', () => {
  it('are theirs alone, in their export, and removed with the account', async () => {
    const c = await t.signUp();
    const other = await t.signUp();
    const kept = await t.post('/api/practice-debriefs', c.token, sealed(c.user.id));
    expect(kept.statusCode).toBe(201);
    const id = kept.json().id as string;
    expect((await t.get(`/api/practice-debriefs/${id}`, c.token)).json().debrief).toEqual(debrief);
    expect((await t.get('/api/practice-debriefs', c.token)).json()).toEqual([
      expect.objectContaining({ id, job_title: null }),
    ]);
    // A practice for a job says which job in the list (issue 34).
    const forJob = { ...debrief, job_title: 'Packaging Designer' };
    await t.post('/api/practice-debriefs', c.token, sealed(c.user.id, forJob));
    expect((await t.get('/api/practice-debriefs', c.token)).json()[0]).toMatchObject({
      job_title: 'Packaging Designer',
      answer_count: 1,
    });
    // Nobody else reads it.
    expect((await t.get(`/api/practice-debriefs/${id}`, other.token)).statusCode).toBe(404);
    expect((await t.get('/api/practice-debriefs', other.token)).json()).toEqual([]);
    expect((await t.get(`/api/practice-debriefs/${id}`, admin)).statusCode).toBe(404);

    const exported = (await t.get('/api/account/export', c.token)).json();
    expect(exported.practice_debriefs).toEqual(expect.arrayContaining([expect.objectContaining({ id, debrief })]));

    expect((await t.delete('/api/account', c.token, { password: 'secret123' })).statusCode).toBe(204);
    const left = await t.database.db.select().from(practiceDebriefs).where(eq(practiceDebriefs.id, id));
    expect(left).toEqual([]);
  });

  it('refuses a body that is not a debrief, and may be deleted by its owner', async () => {
    const c = await t.signUp();
    const bad = await t.post('/api/practice-debriefs', c.token, { debrief: { reliable: 'yes' }, seal: 'x' });
    expect(bad.statusCode).toBe(422);
    const id = (await t.post('/api/practice-debriefs', c.token, sealed(c.user.id))).json().id as string;
    expect((await t.delete(`/api/practice-debriefs/${id}`, (await t.signUp()).token)).statusCode).toBe(404);
    expect((await t.delete(`/api/practice-debriefs/${id}`, c.token)).statusCode).toBe(204);
    expect((await t.get(`/api/practice-debriefs/${id}`, c.token)).statusCode).toBe(404);
  });

  it('keeps only what the live session computed for this account: no client-made figure', async () => {
    const c = await t.signUp();
    const other = await t.signUp();
    const refused = 'This debrief did not come from a practice interview on this account, so it cannot be kept.';
    // Made up by the client, with no seal or a made-up one.
    const unsealed = await t.post('/api/practice-debriefs', c.token, { debrief });
    expect(unsealed.statusCode).toBe(422);
    const forged = await t.post('/api/practice-debriefs', c.token, { debrief, seal: 'a'.repeat(43) });
    expect(forged.statusCode).toBe(400);
    expect(forged.json()).toEqual({ detail: refused });
    // A sealed debrief with one figure changed.
    const flattered = { ...debrief, delivery: { ...debrief.delivery, words_per_minute: 150 } };
    const changed = await t.post('/api/practice-debriefs', c.token, { ...sealed(c.user.id), debrief: flattered });
    expect(changed.json()).toEqual({ detail: refused });
    // Another account's sealed debrief.
    expect((await t.post('/api/practice-debriefs', c.token, sealed(other.user.id))).statusCode).toBe(400);
    expect((await t.get('/api/practice-debriefs', c.token)).json()).toEqual([]);
    // The one sealed for this account is kept as sent, whatever the key order of the round trip.
    const { seal } = sealed(c.user.id);
    const reordered = { answers: debrief.answers, delivery: debrief.delivery, reliable: debrief.reliable };
    expect((await t.post('/api/practice-debriefs', c.token, { seal, debrief: reordered })).statusCode).toBe(201);
  });

  it(`keeps the ${PRACTICE_DEBRIEFS_KEPT} newest per account, and lists them without their answers`, async () => {
    const c = await t.signUp();
    const other = await t.signUp();
    // Twenty kept over the last days, one of another account.
    const day = 24 * 3600 * 1000;
    const old = await t.database.db
      .insert(practiceDebriefs)
      .values(
        Array.from({ length: PRACTICE_DEBRIEFS_KEPT }, (_, i) => ({
          userId: c.user.id,
          debrief,
          createdAt: new Date(Date.now() - (PRACTICE_DEBRIEFS_KEPT - i) * day),
        })),
      )
      .returning({ id: practiceDebriefs.id });
    const othersId = (await t.post('/api/practice-debriefs', other.token, sealed(other.user.id))).json().id;

    const kept = await t.post('/api/practice-debriefs', c.token, sealed(c.user.id));
    expect(kept.statusCode).toBe(201);
    const list = (await t.get('/api/practice-debriefs', c.token)).json() as { id: string }[];
    expect(list).toHaveLength(PRACTICE_DEBRIEFS_KEPT);
    // The newest first; the oldest went to make room.
    expect(list[0]!.id).toBe(kept.json().id);
    expect(list.map((d) => d.id)).not.toContain(old[0]!.id);
    expect((await t.get(`/api/practice-debriefs/${old[0]!.id}`, c.token)).statusCode).toBe(404);
    expect((await t.get(`/api/practice-debriefs/${othersId}`, other.token)).statusCode).toBe(200);

    // A line per debrief: its figures and how many answers, not the answers themselves.
    expect(list[0]).toEqual({
      id: kept.json().id,
      created_at: expect.any(String),
      reliable: true,
      answer_count: 1,
      delivery: debrief.delivery,
      job_title: null,
    });
    // The whole debrief is read by its id.
    expect((await t.get(`/api/practice-debriefs/${list[0]!.id}`, c.token)).json().debrief).toEqual(debrief);
  });

  it('limits how many debriefs one account keeps an hour, with a 429 and a detail', async () => {
    const c = await t.signUp();
    const body = sealed(c.user.id);
    for (let i = 0; i < PRACTICE_DEBRIEF_KEEP_LIMIT.max; i++) {
      expect((await t.post('/api/practice-debriefs', c.token, body)).statusCode).toBe(201);
    }
    const limited = await t.post('/api/practice-debriefs', c.token, body);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().detail).toMatch(/^Too many debriefs kept in the last hour\. Please try again in /);
    // Another account is not held back.
    const d = await t.signUp();
    expect((await t.post('/api/practice-debriefs', d.token, sealed(d.user.id))).statusCode).toBe(201);
  }, 60_000);
});
