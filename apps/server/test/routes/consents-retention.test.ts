import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { AI_ASSESSMENT_NOTICE, INTERVIEW_RECORDING_CONSENT } from '@app/shared';
import { bearer, buildSocketTestApp, type TestContext } from '../helpers/build';
import { insertJob, markProfileComplete } from '../helpers/work-fixtures';
import { InterviewClient } from '../interview/ws-client';
import { files, interviews } from '../../src/db/schema';
import { createInterview } from '../../src/interview/interviews';
import { saveFile } from '../../src/storage';
import { AI_NOTICE_REQUIRED, CONSENT_REQUIRED } from '../../src/accounts/consents';

let t: TestContext;
let ws: string;
beforeAll(async () => ({ t, ws } = await buildSocketTestApp({ RECORDING_RETENTION_DAYS: '30' })));
afterAll(() => t.close());

const job = () => insertJob(t.app.db);
const consent = (token: string, payload: object) => t.post('/api/consents', token, payload);

describe('consents', () => {
  it('records a versioned consent for a job and lists only the caller’s', async () => {
    const j = await job();
    const { token } = await t.signUp();
    const other = await t.signUp();
    const res = await consent(token, { purpose: 'interview_recording', job_id: j.id });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      id: expect.any(String),
      purpose: 'interview_recording',
      job_id: j.id,
      version: INTERVIEW_RECORDING_CONSENT.version,
      given_at: expect.any(String),
    });
    expect((await t.get('/api/consents', token)).json()).toEqual([res.json()]);
    expect((await t.get('/api/consents', other.token)).json()).toEqual([]);
  });

  it('refuses an unknown job, an unknown purpose and anonymous callers', async () => {
    const { token } = await t.signUp();
    const unknownJob = await consent(token, { purpose: 'interview_recording', job_id: crypto.randomUUID() });
    expect(unknownJob.statusCode).toBe(404);
    const badPurpose = await consent(token, { purpose: 'marketing', job_id: (await job()).id });
    expect(badPurpose.statusCode).toBe(422);
    expect(badPurpose.json().detail[0].loc).toEqual(['body', 'purpose']);
    expect((await t.post('/api/consents', null, {})).statusCode).toBe(401);
  });

  it('the socket refuses to start a recorded interview without consent for that job; practice needs none', async () => {
    const j = await job();
    const { token, user } = await t.signUp();
    const start = (extra: object = {}) => ({
      event: 'start',
      session_id: crypto.randomUUID(),
      interview_id: crypto.randomUUID(),
      job_id: j.id,
      candidate_id: user.id,
      candidate_name: 'Sam',
      ...extra,
    });
    const client = await InterviewClient.connect(`${ws}?token=${token}`);
    client.send(start());
    expect(await client.event('error')).toMatchObject({ message: CONSENT_REQUIRED });
    expect(await t.app.db.select().from(interviews).where(eq(interviews.candidateId, user.id))).toEqual([]);
    client.close();

    // Consent for another job does not count.
    await consent(token, { purpose: 'interview_recording', job_id: (await job()).id });
    const again = await InterviewClient.connect(`${ws}?token=${token}`);
    again.send(start());
    expect(await again.event('error')).toMatchObject({ message: CONSENT_REQUIRED });
    again.close();

    await markProfileComplete(t.app.db, user.id);
    const practice = await InterviewClient.connect(`${ws}?token=${token}`);
    practice.send(start({ practice: true }));
    await practice.event('session_ready');
    practice.send({ event: 'end', reason: 'user_ended' });
    practice.close();

    await consent(token, { purpose: 'interview_recording', job_id: j.id });
    // The recording consent alone is not enough: the AI notice must be acknowledged too (issue 35).
    const unnoticed = await InterviewClient.connect(`${ws}?token=${token}`);
    unnoticed.send(start());
    expect(await unnoticed.event('error')).toMatchObject({ message: AI_NOTICE_REQUIRED });
    expect(await t.app.db.select().from(interviews).where(eq(interviews.candidateId, user.id))).toEqual([]);
    unnoticed.close();
    // An acknowledgement for another job does not count either.
    await consent(token, { purpose: 'ai_assessment', job_id: (await job()).id });
    const elsewhere = await InterviewClient.connect(`${ws}?token=${token}`);
    elsewhere.send(start());
    expect(await elsewhere.event('error')).toMatchObject({ message: AI_NOTICE_REQUIRED });
    elsewhere.close();

    const noticed = await consent(token, { purpose: 'ai_assessment', job_id: j.id });
    expect(noticed.json()).toMatchObject({ purpose: 'ai_assessment', version: AI_ASSESSMENT_NOTICE.version });
    const recorded = await InterviewClient.connect(`${ws}?token=${token}`);
    recorded.send(start());
    await recorded.event('session_ready');
    recorded.send({ event: 'end', reason: 'user_ended' });
    recorded.close();
  });
});

async function recordedInterview(ageDays: number) {
  const { user } = await t.signUp();
  const interview = await createInterview(t.app.db, {
    jobId: (await job()).id,
    candidateId: user.id,
    status: 'completed',
  });
  const file = await saveFile(t.app.db, t.app.storage, {
    ownerId: user.id,
    purpose: 'interview_recording',
    contentType: 'video/webm',
    body: [Buffer.from(`webm ${ageDays}`)],
    maxBytes: 1e6,
  });
  const createdAt = new Date(Date.now() - ageDays * 86_400_000);
  await t.app.db.update(files).set({ createdAt }).where(eq(files.id, file.id));
  await t.app.db.update(interviews).set({ recordingFileId: file.id }).where(eq(interviews.id, interview.id));
  return { interview, file };
}
const stored = (key: string) => fs.existsSync(path.join(t.config.dataDir, 'uploads', key));

describe('recording retention', () => {
  it('the scheduled job deletes recordings older than RECORDING_RETENTION_DAYS and the console says so', async () => {
    const old = await recordedInterview(31);
    const recent = await recordedInterview(29);
    expect(stored(old.file.storageKey)).toBe(true);

    await t.app.queue.send('purge-recordings', {});
    await t.app.queue.settle();

    expect(stored(old.file.storageKey)).toBe(false);
    expect(stored(recent.file.storageKey)).toBe(true);
    const [oldRow] = await t.app.db.select().from(interviews).where(eq(interviews.id, old.interview.id));
    expect(oldRow!.recordingFileId).toBeNull();
    expect(oldRow!.recordingDeletedAt).toBeInstanceOf(Date);

    const admin = bearer(await t.adminToken());
    const privacy = await t.app.inject({ url: `/api/admin/interviews/${old.interview.id}/privacy`, headers: admin });
    expect(privacy.json()).toMatchObject({
      retention_days: 30,
      recording_deleted_at: oldRow!.recordingDeletedAt!.toISOString(),
    });
    const recording = await t.app.inject({ url: `/api/interviews/${old.interview.id}/recording`, headers: admin });
    expect(recording.statusCode).toBe(404);
    const kept = await t.app.inject({ url: `/api/admin/interviews/${recent.interview.id}/privacy`, headers: admin });
    expect(kept.json().recording_deleted_at).toBeNull();
  });

  it('is scheduled daily with pg-boss', async () => {
    const schedules = await (
      t.app.queue as unknown as { boss: { getSchedules: () => Promise<{ name: string; cron: string }[]> } }
    ).boss.getSchedules();
    expect(schedules).toEqual(
      expect.arrayContaining([expect.objectContaining({ name: 'purge-recordings', cron: '17 3 * * *' })]),
    );
  });
});

describe('access history', () => {
  it('logs every admin opening of a recording (not the candidate’s own, not every range request)', async () => {
    const { interview } = await recordedInterview(1);
    const adminToken = await t.adminToken();
    const url = `/api/interviews/${interview.id}/recording`;
    const candidateToken = (await t.signUp()).token;
    expect((await t.get(url, candidateToken)).statusCode).toBe(404);
    expect((await t.get(url, adminToken)).statusCode).toBe(200);
    expect((await t.app.inject({ url, headers: { ...bearer(adminToken), range: 'bytes=3-' } })).statusCode).toBe(206);
    expect((await t.app.inject({ url, headers: { ...bearer(adminToken), range: 'bytes=0-' } })).statusCode).toBe(206);

    const privacy = await t.get(`/api/admin/interviews/${interview.id}/privacy`, adminToken);
    expect(privacy.json().access_log).toEqual([
      { kind: 'recording', admin_email: 'admin@example.test', accessed_at: expect.any(String) },
      { kind: 'recording', admin_email: 'admin@example.test', accessed_at: expect.any(String) },
    ]);
    const candidateView = await t.get(`/api/admin/interviews/${interview.id}/privacy`, candidateToken);
    expect(candidateView.statusCode).toBe(403);
  });
});
