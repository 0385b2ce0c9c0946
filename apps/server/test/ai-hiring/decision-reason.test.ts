/**
 * Issue 43, item 16: the reason for deciding against the AI is internal (the decision log keeps it),
 * and only the optional note to the candidate is e-mailed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { buildTestAppWithAdmin, type TestContext } from '../helpers/build';
import { postJob } from '../helpers/work-fixtures';
import { readOutbox } from '../helpers/outbox';
import { decisionLog } from '../../src/db/schema-ai-hiring';
import { interviews } from '../../src/db/schema';
import { assessedInterview, scoredAssessment } from './fixtures';

let t: TestContext;
let admin: string;
beforeAll(async () => ({ t, admin } = await buildTestAppWithAdmin()));
afterAll(() => t.close());

const decide = (id: string, payload: object) => t.post(`/api/admin/interviews/${id}/decision`, admin, payload);
const logOf = (id: string) =>
  t.database.db.select().from(decisionLog).where(eq(decisionLog.interviewId, id)).orderBy(asc(decisionLog.seq));
const mailTo = (email: string) => readOutbox(t.config.dataDir).filter((m) => m.includes(`To: ${email}`));

async function interview(recommendation: 'advance' | 'do_not_advance') {
  const cand = await t.signUp();
  const iv = await assessedInterview(t, {
    jobId: (await postJob(t, admin, { title: 'Storyboard Critic' })).id,
    candidateId: cand.user.id,
    assessment: scoredAssessment([2, 2, 2, 2], recommendation),
  });
  return { iv, email: cand.user.email };
}

describe('POST /api/admin/interviews/{id}/decision: the internal reason and the note to the candidate', () => {
  it('an override keeps its reason in the decision log and e-mails only the note', async () => {
    const { iv, email } = await interview('do_not_advance');
    const reason = 'INTERNAL: the hiring manager vouches for her; the AI missed the portfolio.';
    const res = await decide(iv.id, { decision: 'approved', reason, note: 'Welcome aboard, we loved your portfolio.' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).not.toContain('INTERNAL');
    expect(res.json()).toMatchObject({ status: 'approved', decision_note: 'Welcome aboard, we loved your portfolio.' });

    const log = await logOf(iv.id);
    expect(log.map((e) => e.kind)).toEqual(['decision', 'override']);
    for (const entry of log)
      expect(entry.details).toMatchObject({ reason, note: 'Welcome aboard, we loved your portfolio.' });

    await t.app.queue.settle();
    const mail = mailTo(email);
    expect(mail).toHaveLength(1);
    expect(mail[0]).toContain('Welcome aboard, we loved your portfolio.');
    expect(mail[0]).not.toContain('INTERNAL');
    expect(mail[0]).not.toContain('vouches');
  });

  it('an override with a reason and no note e-mails no note at all', async () => {
    const { iv, email } = await interview('advance');
    const res = await decide(iv.id, { decision: 'rejected', reason: 'INTERNAL: budget for this role was cut.' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'rejected', decision_note: null });
    await t.app.queue.settle();
    const mail = mailTo(email);
    expect(mail).toHaveLength(1);
    expect(mail[0]).not.toContain('budget');
  });

  it('an override without a reason is refused with a clear detail, even with a note to the candidate', async () => {
    const { iv } = await interview('do_not_advance');
    for (const body of [
      { decision: 'approved' },
      { decision: 'approved', note: 'Congratulations!' },
      { decision: 'approved', reason: '   ', note: 'Congratulations!' },
    ]) {
      const res = await decide(iv.id, body);
      expect(res.statusCode).toBe(422);
      expect(res.json().detail).toBe(
        "This decision goes against the AI's recommendation (do not advance); give the internal reason why (it is not sent to the candidate).",
      );
    }
    const [row] = await t.database.db.select().from(interviews).where(eq(interviews.id, iv.id));
    expect(row!.status).toBe('under_review');
    expect(await logOf(iv.id)).toEqual([]);
  });

  it('a decision that follows the AI takes an optional reason, logged and not e-mailed', async () => {
    const { iv, email } = await interview('advance');
    const res = await decide(iv.id, { decision: 'approved', reason: 'INTERNAL: agree with the AI.' });
    expect(res.statusCode, res.body).toBe(200);
    expect((await logOf(iv.id))[0]!.details).toMatchObject({ reason: 'INTERNAL: agree with the AI.', note: null });
    await t.app.queue.settle();
    expect(mailTo(email)[0]).not.toContain('INTERNAL');
  });

  it('refuses a reason over 2000 characters', async () => {
    const { iv } = await interview('advance');
    const res = await decide(iv.id, { decision: 'approved', reason: 'x'.repeat(2001) });
    expect(res.statusCode).toBe(422);
  });
});
