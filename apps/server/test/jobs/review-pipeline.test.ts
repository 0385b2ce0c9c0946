import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { buildTestApp, type TestContext } from '../helpers/build';
import { interviewDecisions, users } from '../../src/db/schema';
import { readInterview, seedInterview } from '../assessment/fixtures';

/** The messages in the outbox, decoded enough to assert on (headers and the plain-text part). */
function outbox(t: TestContext) {
  const dir = path.join(t.config.dataDir, 'outbox');
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.eml'))
    .sort()
    .map((f) => {
      const raw = fs.readFileSync(path.join(dir, f), 'utf8');
      // Quoted-printable soft line breaks and =XX escapes, for matching text that wrapped.
      const decoded = raw
        .replace(/=\n/g, '')
        .replace(/=([0-9A-F]{2})/g, (_, h) => String.fromCharCode(parseInt(h, 16)));
      return { file: f, raw, decoded };
    });
}

describe('review pipeline: completed → under_review → decision, with e-mails', () => {
  let t: TestContext;
  beforeAll(
    async () =>
      (t = await buildTestApp({ PUBLIC_URL: 'https://talent.example.com', SUPPORT_EMAIL: 'help@talent.example.com' })),
  );
  afterAll(async () => t.close());

  it('assesses a completed interview in the background and e-mails the candidate at each step', async () => {
    const { token, user } = await t.signUp('pipeline@example.test');
    await t.app.db.update(users).set({ name: 'Dana Rivers' }).where(eq(users.id, user.id));
    const { interview } = await seedInterview(t.app.db, { candidateId: user.id, status: 'in_progress' });

    const done = await t.post(`/api/interviews/${interview.id}/complete`, token);
    expect(done.statusCode).toBe(200);
    expect(done.json().status).toBe('completed');

    await t.app.queue.settle();
    const assessed = await readInterview(t.app.db, interview.id);
    expect(assessed.status).toBe('under_review');
    expect(assessed.assessment).toMatchObject({ rubric_version: 'rubric-v1', method: 'built_in', status: 'scored' });

    let mail = outbox(t);
    expect(mail).toHaveLength(1);
    expect(mail[0]!.raw).toMatch(/^To: pipeline@example\.test$/m);
    expect(mail[0]!.raw).toMatch(/^Subject: We received your interview for UI Design Rater$/m);
    expect(mail[0]!.raw).toMatch(/^From: Human Data Studio <no-reply@talent\.example\.com>$/m);
    expect(mail[0]!.raw).toContain('Content-Type: text/plain');
    expect(mail[0]!.raw).toContain('Content-Type: text/html');
    expect(mail[0]!.decoded).toContain('Hi Dana,');
    expect(mail[0]!.decoded).toContain('https://talent.example.com/status');
    expect(mail[0]!.decoded).toContain('help@talent.example.com');

    // A candidate cannot decide; the admin can.
    const forbidden = await t.post(`/api/admin/interviews/${interview.id}/decision`, token, { decision: 'approved' });
    expect(forbidden.statusCode).toBe(403);
    expect(outbox(t)).toHaveLength(1);

    const admin = await t.adminToken();
    const decided = await t.post(`/api/admin/interviews/${interview.id}/decision`, admin, {
      decision: 'approved',
      note: 'Loved your critique of the landing page.',
    });
    expect(decided.statusCode).toBe(200);
    expect(decided.json().status).toBe('approved');
    const audit = await t.app.db
      .select()
      .from(interviewDecisions)
      .where(eq(interviewDecisions.interviewId, interview.id));
    expect(audit).toHaveLength(1);

    await t.app.queue.settle();
    mail = outbox(t);
    expect(mail).toHaveLength(2);
    expect(mail[1]!.raw).toMatch(/^Subject: Congratulations! You've been approved for UI Design Rater$/m);
    expect(mail[1]!.decoded).toContain('Loved your critique of the landing page.');
    expect(mail[1]!.decoded).toContain('https://talent.example.com/jobs');

    // Deciding again is refused by the decision service and sends nothing.
    const again = await t.post(`/api/admin/interviews/${interview.id}/decision`, admin, { decision: 'rejected' });
    expect(again.statusCode).toBe(409);
    await t.app.queue.settle();
    expect(outbox(t)).toHaveLength(2);
  });

  it('a rejection e-mail says so, in the words of the status page', async () => {
    const { user } = await t.signUp('rejected@example.test');
    const { interview } = await seedInterview(t.app.db, { candidateId: user.id, status: 'under_review' });
    const before = outbox(t).length;
    const res = await t.post(`/api/admin/interviews/${interview.id}/decision`, await t.adminToken(), {
      decision: 'rejected',
    });
    expect(res.statusCode).toBe(200);
    await t.app.queue.settle();
    const mail = outbox(t).slice(before);
    expect(mail).toHaveLength(1);
    expect(mail[0]!.raw).toMatch(/^To: rejected@example\.test$/m);
    expect(mail[0]!.decoded).toContain('We have decided to move forward with other candidates at this time.');
  });
});
