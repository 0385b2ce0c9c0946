import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { bearer, buildTestAppWithAdmin, type TestContext } from '../helpers/build';
import { createTasks, postJob, sampleTask, acceptedCandidate, workOnTask } from '../helpers/work-fixtures';
import { consentTo } from '../helpers/consent';
import { earnings, files, interviews, users } from '../../src/db/schema';
import { saveFile } from '../../src/storage';
import { appendTurn } from '../../src/interview/store';

let t: TestContext;
let admin: string;
beforeAll(async () => ({ t, admin } = await buildTestAppWithAdmin()));
afterAll(() => t.close());

const PASSWORD = 'secret123';
const uploadsDir = () => path.join(t.config.dataDir, 'uploads');
const storedKeys = (): string[] =>
  fs.existsSync(uploadsDir())
    ? (fs.readdirSync(uploadsDir(), { recursive: true }) as string[]).filter((f) =>
        fs.statSync(path.join(uploadsDir(), f)).isFile(),
      )
    : [];

/**
 * A candidate with everything the product can hold: a profile with a résumé uploaded before sign-up,
 * a recorded and transcribed interview with a decision, a consent, and a paid task.
 */
async function fullCandidate() {
  const job = await postJob(t, admin);
  const { candidate, interview } = await acceptedCandidate(t, admin, job.id);
  const { token, user } = candidate;
  const headers = bearer(token);
  const name = `Robin Quill ${user.id.slice(0, 6)}`;
  const resume = await saveFile(t.app.db, t.app.storage, {
    ownerId: null, // the application wizard uploads it anonymously
    purpose: 'resume',
    contentType: 'application/pdf',
    body: [Buffer.from('%PDF-1.4 résumé of Robin Quill')],
    maxBytes: 1e6,
  });
  const profile = await t.app.inject({
    method: 'PUT',
    url: '/api/profile/complete',
    headers,
    payload: { name, bio: 'Illustrator', expertise: ['Illustration'], resume_url: `/api/files/${resume.id}` },
  });
  expect(profile.statusCode).toBe(200);
  const recording = await saveFile(t.app.db, t.app.storage, {
    ownerId: user.id,
    purpose: 'interview_recording',
    contentType: 'video/webm',
    body: [Buffer.from('webm bytes of Robin')],
    maxBytes: 1e6,
  });
  await t.app.db.update(interviews).set({ recordingFileId: recording.id }).where(eq(interviews.id, interview.id));
  const now = new Date();
  await appendTurn(t.app.db, interview.id, {
    seq: 1,
    speaker: 'user',
    text: 'I am Robin',
    startedAt: now,
    endedAt: now,
    offsetSeconds: 0,
  });
  await consentTo(t.app, token, job.id);

  const [task] = await createTasks(t, admin, job.id, [sampleTask({ assignee_id: user.id })]);
  const submitted = await workOnTask(t, token, task!.id, { quality_rating: 4, feedback_notes: 'Fine.' }, 1800);
  expect(submitted.statusCode).toBe(200);
  await t.post(`/api/admin/tasks/${task!.id}/review`, admin, { approved: true });
  const payout = await t.post('/api/admin/payouts', admin, { user_id: user.id });
  expect(payout.statusCode).toBe(200);
  return {
    token,
    user,
    name,
    job,
    interview,
    resume,
    recording,
    taskId: task!.id,
    payoutId: payout.json().payout_id as string,
  };
}

const del = (token: string, password: string) => t.delete('/api/account', token, { password });

describe('GET /api/account/export', () => {
  it('downloads everything held about the caller as JSON', async () => {
    const c = await fullCandidate();
    const res = await t.get('/api/account/export', c.token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="my-data-\d{4}-\d{2}-\d{2}\.json"$/);
    const data = res.json();
    expect(data.account).toMatchObject({ id: c.user.id, email: c.user.email, name: c.name });
    expect(data.profile).toMatchObject({ bio: 'Illustrator', resume_url: `/api/files/${c.resume.id}` });
    // The résumé uploaded before sign-up became the candidate's when the profile named it.
    expect(data.files).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: c.resume.id, purpose: 'resume' }),
        expect.objectContaining({ id: c.recording.id, purpose: 'interview_recording' }),
      ]),
    );
    expect(data.files).toHaveLength(2);
    expect(data.interviews).toHaveLength(1);
    expect(data.interviews[0]).toMatchObject({
      id: c.interview.id,
      recording_url: expect.stringMatching(new RegExp(`/api/interviews/${c.interview.id}/recording$`)),
      transcript: [expect.objectContaining({ speaker: 'user', text: 'I am Robin' })],
      decisions: [expect.objectContaining({ decision: 'approved' })],
    });
    expect(data.tasks).toEqual([expect.objectContaining({ id: c.taskId })]);
    expect(data.earnings.transactions).toHaveLength(1);
    expect(data.earnings.payouts).toEqual([expect.objectContaining({ id: c.payoutId })]);
    // The acknowledged AI notice and the recording consent (consentTo gives both; issue 35).
    expect(data.consents).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ purpose: 'interview_recording', job_id: c.job.id }),
        expect.objectContaining({ purpose: 'ai_assessment', job_id: c.job.id }),
      ]),
    );
    expect(data.consents).toHaveLength(2);
    expect(data.self_identification).toBeNull();
    // Nothing of anyone else, and no password hash.
    expect(res.body).not.toContain('password');
  });

  it('needs a session', async () => {
    expect((await t.get('/api/account/export')).statusCode).toBe(401);
  });
});

describe('DELETE /api/account', () => {
  it('refuses a wrong password and changes nothing', async () => {
    const c = await fullCandidate();
    const keys = storedKeys();
    const res = await del(c.token, 'wrong-password');
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toBe('The password is not correct');
    expect((await t.get('/api/profile/me', c.token)).json().name).toBe(c.name);
    expect(storedKeys()).toEqual(keys);
  });

  it('removes the person, their files from storage and their interviews; keeps the money anonymously', async () => {
    const c = await fullCandidate();
    const [earningBefore] = await t.app.db.select().from(earnings).where(eq(earnings.userId, c.user.id));
    const keysBefore = storedKeys();
    expect(keysBefore).toEqual(expect.arrayContaining([c.resume.storageKey, c.recording.storageKey]));

    const res = await del(c.token, PASSWORD);
    expect(res.statusCode).toBe(204);

    // Signed out and cannot sign in.
    expect((await t.get('/api/profile/me', c.token)).statusCode).toBe(401);
    const login = await t.post('/api/auth/login', null, { email: c.user.email, password: PASSWORD });
    expect(login.statusCode).toBe(401);

    // Nothing left in storage or in the tables.
    expect(storedKeys()).not.toContain(c.resume.storageKey);
    expect(storedKeys()).not.toContain(c.recording.storageKey);
    expect(await t.app.db.select().from(files).where(eq(files.id, c.resume.id))).toEqual([]);
    expect(await t.app.db.select().from(interviews).where(eq(interviews.id, c.interview.id))).toEqual([]);
    expect(await t.app.db.select().from(users).where(eq(users.id, c.user.id))).toEqual([]);
    const { rows } = await t.database.query('SELECT count(*)::int AS n FROM transcript_turns WHERE interview_id = $1', [
      c.interview.id,
    ]);
    expect(rows[0]).toEqual({ n: 0 });

    // The ledger keeps the money, under an anonymous stand-in.
    const [earningAfter] = await t.app.db.select().from(earnings).where(eq(earnings.id, earningBefore!.id));
    expect(earningAfter).toMatchObject({
      amountCents: earningBefore!.amountCents,
      status: 'paid',
      payoutId: c.payoutId,
    });
    expect(earningAfter!.userId).not.toBe(c.user.id);
    const [standIn] = await t.app.db.select().from(users).where(eq(users.id, earningAfter!.userId));
    expect(standIn!.deletedAt).not.toBeNull();
    expect(standIn!.name).toBeNull();
    expect(standIn!.email).not.toContain(c.user.email.split('@')[0]);

    // The console shows neither name nor e-mail anywhere.
    for (const url of [
      '/api/admin/balances',
      '/api/admin/transactions',
      '/api/admin/payouts',
      `/api/admin/payouts/${c.payoutId}/transactions`,
      `/api/admin/payouts/${c.payoutId}/export.csv`,
      '/api/admin/candidates',
      '/api/admin/interviews',
      '/api/admin/tasks',
    ]) {
      const page = await t.get(url, admin);
      expect(page.statusCode, url).toBe(200);
      expect(page.body, url).not.toContain(c.user.email);
      expect(page.body, url).not.toContain(c.name);
    }
    const candidates = await t.get('/api/admin/candidates', admin);
    expect(candidates.body).not.toContain(standIn!.id);

    // The address can sign up again, as a new person.
    const again = await t.post('/api/auth/register', null, { email: c.user.email, password: 'another1' });
    expect(again.statusCode).toBe(201);
    expect(again.json().user.id).not.toBe(c.user.id);
  });

  it('needs the password in the body', async () => {
    const { token } = await t.signUp();
    const res = await t.delete('/api/account', token, {});
    expect(res.statusCode).toBe(422);
  });

  it('does not delete the administrator account', async () => {
    const res = await del(admin, 'admin-password-1');
    expect(res.statusCode).toBe(403);
  });
});
