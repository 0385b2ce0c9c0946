/**
 * The rules every payout path keeps (issue 43 items 3-5): the onboarding gate holds for everyone with
 * earnings, no money goes to a payout method inside its hold, a batch paid outside the files offers
 * no bank file, and no payee balance is ever written below zero.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestAppWithAdmin, type TestContext } from '../helpers/build';
import { completeOnboarding } from '../helpers/onboarding';
import { acceptedCandidate, createTasks, postJob, sampleTask, type Candidate } from '../helpers/work-fixtures';
import { earnings } from '../../src/db/schema';
import { balancesOf } from '../../src/services/money/ledger';

let t: TestContext;
let admin: string;
let jobId: string;

beforeAll(async () => {
  ({ t, admin } = await buildTestAppWithAdmin());
  jobId = (await postJob(t, admin, { title: 'Payout rules job', pay_per_hour: 21 })).id;
});
afterAll(() => t.close());

const press = (c: Candidate, key: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/payout-requests',
    headers: { ...bearer(c.token), 'idempotency-key': key },
  });

/** Available earnings straight into the table (the ledger trigger posts them), one per new task. */
async function earn(who: Candidate, cents: number[]) {
  const tasks = await createTasks(
    t,
    admin,
    jobId,
    cents.map(() => sampleTask({ assignee_id: who.user.id })),
  );
  await t.database.db.insert(earnings).values(
    cents.map((c, i) => ({
      userId: who.user.id,
      taskId: tasks[i]!.id,
      jobId,
      amountCents: c,
      secondsBilled: 3600,
      isoWeek: '2026-W40',
      status: 'available' as const,
    })),
  );
}

describe('the onboarding gate (item 4)', () => {
  it('holds for a payee whose acceptance a retake withdrew, until the W-9, bank and documents are done', async () => {
    const { candidate, interview } = await acceptedCandidate(t, admin, jobId);
    await earn(candidate, [2500]);
    const retake = await t.post(`/api/admin/interviews/${interview.id}/retake`, admin, {
      reason: 'The recording was cut off.',
    });
    expect(retake.statusCode).toBe(200);

    const refused = await press(candidate, 'after-retake');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().detail).toMatch(/^Complete these onboarding items before requesting a payout: /);
    expect(refused.json().detail).toMatch(/Terms of Work/i);
    expect(refused.json().detail).toMatch(/W-?9|tax/i);
    expect((await balancesOf(t.database.db, candidate.user.id)).available).toBe(2500);

    // The payee can still sign the documents of the job they earned in, give a W-9 and a bank, and be paid.
    await completeOnboarding(t, candidate, jobId);
    const paid = await press(candidate, 'after-onboarding');
    expect(paid.statusCode).toBe(201);
    expect(paid.json()).toMatchObject({ amount: 25, status: 'requested' });
  });
});
