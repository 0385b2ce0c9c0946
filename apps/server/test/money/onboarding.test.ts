/** Onboarding items (issue 36 item 1): the seven items of an accepted job and what completes each. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ONBOARDING_ITEM_KEYS } from '@app/shared';
import { buildTestAppWithAdmin, type TestContext } from '../helpers/build';
import { completeOnboarding, signAllDocuments } from '../helpers/onboarding';
import { acceptedCandidate, postJob } from '../helpers/work-fixtures';
import { missingOnboardingItems } from '../../src/money/onboarding';

let t: TestContext;
let admin: string;

beforeAll(async () => {
  ({ t, admin } = await buildTestAppWithAdmin());
});
afterAll(async () => t.close());

describe('GET /api/jobs/:id/onboarding', () => {
  it('lists the seven items pending, five with a document, for the accepted candidate only', async () => {
    const job = await postJob(t, admin);
    const { candidate } = await acceptedCandidate(t, admin, job.id);
    const res = await t.get(`/api/jobs/${job.id}/onboarding`, candidate.token);
    expect(res.statusCode).toBe(200);
    const items = res.json().items;
    expect(items.map((i: { key: string }) => i.key)).toEqual([...ONBOARDING_ITEM_KEYS]);
    expect(items.every((i: { status: string }) => i.status === 'pending')).toBe(true);
    expect(items.filter((i: { document_id?: string }) => i.document_id).map((i: { key: string }) => i.key)).toEqual([
      'terms_of_work',
      'ciiaa',
      'time_tracking',
      'payout_policy',
      'offer_letter',
    ]);
    // Asking again gives the same documents, not new ones.
    const again = await t.get(`/api/jobs/${job.id}/onboarding`, candidate.token);
    expect(again.json().items).toEqual(items);

    const stranger = await t.signUp();
    expect((await t.get(`/api/jobs/${job.id}/onboarding`, stranger.token)).statusCode).toBe(404);
    expect((await t.get(`/api/jobs/${job.id}/onboarding`)).statusCode).toBe(401);
  });

  it('marks each item done by what completes it, and missingOnboardingItems follows', async () => {
    const job = await postJob(t, admin);
    const { candidate } = await acceptedCandidate(t, admin, job.id);
    const db = t.database.db;
    expect((await missingOnboardingItems(db, candidate.user.id)).map((i) => i.key)).toEqual([...ONBOARDING_ITEM_KEYS]);

    await signAllDocuments(t, candidate.token, candidate.user.id, job.id);
    expect((await missingOnboardingItems(db, candidate.user.id)).map((i) => i.key)).toEqual([
      'tax_form',
      'payment_setup',
    ]);

    const items = await completeOnboarding(t, candidate, job.id);
    expect(items.every((i) => i.status === 'done' && i.done_at)).toBe(true);
    expect(await missingOnboardingItems(db, candidate.user.id)).toEqual([]);
  });

  it('has nothing to onboard for a person with no accepted job', async () => {
    const someone = await t.signUp();
    expect(await missingOnboardingItems(t.database.db, someone.user.id)).toEqual([]);
  });
});
