/**
 * What journeys start from, made fresh for each test that asks for it (so no test reads another's
 * data): a candidate with a complete profile, the admin's session, an active job of its own, and a
 * page signed in as the candidate.
 *
 *   import { expect, test } from './fixtures';
 *   test('...', async ({ candidate, activeJob, signedInPage }) => { ... });
 */
import crypto from 'node:crypto';
import { test as base, type Page } from '@playwright/test';
import { E2E_ADMIN } from '../playwright.config';
import { api, completeViaApi, loginViaApi, registerViaApi, signInWithToken, uniqueEmail } from './helpers';

export { expect } from '@playwright/test';

export type Candidate = { email: string; password: string; token: string; id: string };
export type AdminSession = { token: string; id: string };
export type ActiveJob = { id: string; title: string; position_type: string; status: 'active' };

/** The profile `candidate` completes; a file or describe block can change it with `test.use`. */
export const DEFAULT_CANDIDATE_PROFILE: Record<string, unknown> = {
  name: 'Ada Lovelace',
  bio: 'Graphic designer and illustrator',
  expertise: ['Graphic Design'],
  position: 'Graphic Designer',
  skills: ['Figma', 'Photoshop'],
  resume_url: 'https://example.com/ada-resume.pdf',
  work_authorization: 'citizen',
};

type Fixtures = {
  candidateProfile: Record<string, unknown>;
  candidate: Candidate;
  admin: AdminSession;
  activeJob: ActiveJob;
  /** `page`, signed in as `candidate`, on the marketplace. */
  signedInPage: Page;
};

export const test = base.extend<Fixtures>({
  candidateProfile: [DEFAULT_CANDIDATE_PROFILE, { option: true }],

  candidate: async ({ request, candidateProfile }, use) => {
    const account = await registerViaApi(request, uniqueEmail('candidate'));
    await completeViaApi(request, account.token, candidateProfile);
    await use({ email: account.email, password: account.password, token: account.token, id: account.userId });
  },

  admin: async ({ request }, use) => {
    const { token, user } = await loginViaApi(request, E2E_ADMIN.email, E2E_ADMIN.password);
    await use({ token, id: user.id });
  },

  activeJob: async ({ request, admin }, use) => {
    const job = await api<ActiveJob>(request, 'post', '/api/admin/jobs', admin.token, {
      title: `Brand Copy Reviewer ${crypto.randomUUID().slice(0, 6)}`,
      description: 'Review short marketing copy for tone, clarity and grammar.',
      position_type: 'Part-time contract',
      pay_per_hour: 30,
      availability: '5-10 hours a week',
      status: 'active',
      interview_type: 'standard',
    });
    await use(job);
    // Off the marketplace again, so later tests see the listing they expect.
    await api(request, 'patch', `/api/admin/jobs/${job.id}`, admin.token, { status: 'archived' });
  },

  signedInPage: async ({ page, candidate }, use) => {
    await signInWithToken(page, candidate.token, '/');
    await use(page);
  },
});
