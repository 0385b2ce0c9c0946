import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import {
  FAKE_MEDIA,
  completeViaApi,
  forgetStoredSession,
  launchWith,
  logInThroughUi,
  mailsTo,
  registerViaApi,
  signInWithToken,
  AI_NOTICE_ACKNOWLEDGEMENT,
} from './helpers';

/** Screenshots for review (not assertions): SCREENSHOT_DIR, or a temp folder. */
const shots = process.env.SCREENSHOT_DIR ?? path.join(os.tmpdir(), 'e2e-account-shots');

/** The reset link mailed to `to` (delivery is queued, so the outbox is polled). */
async function resetLinkFor(to: string): Promise<string> {
  const link = () =>
    mailsTo(to)
      .map((text) => /Choose a new password: (\S+)/.exec(text)?.[1])
      .find(Boolean);
  await expect.poll(link, { timeout: 20_000 }).toBeTruthy();
  return link()!;
}

// A fake camera and microphone for the equipment check (harmless for the other journeys).
test.use({ launchOptions: launchWith(...FAKE_MEDIA) });

async function snap(page: Page, name: string) {
  fs.mkdirSync(shots, { recursive: true });
  for (const width of [1440, 375]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    await page.screenshot({ path: path.join(shots, `${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

test('forgot password: the e-mail in the outbox leads to a new password and a signed-in session', async ({
  page,
  request,
}) => {
  const { email } = await registerViaApi(request);
  const { token } = await (await request.post('/api/auth/login', { data: { email, password: 'secret123' } })).json();
  await completeViaApi(request, token, { name: 'Fay Gotten', bio: 'Illustrator', expertise: ['Illustration'] });

  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await page.getByLabel('Email').fill(email);
  await snap(page, 'forgot-password');
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByRole('status')).toContainText('If an account exists for that address');

  const link = await resetLinkFor(email);
  expect(link).toMatch(/\/reset-password\?token=/);
  await page.goto(link);
  await page.getByLabel('New password', { exact: true }).fill('brand-new-pass');
  await page.getByLabel('Repeat the new password').fill('brand-new-pass');
  await snap(page, 'reset-password');
  await page.getByRole('button', { name: 'Set password and sign in' }).click();

  // Signed in: the app's navigation with Logout; the old session has ended.
  await expect(page.getByRole('button', { name: 'Logout' }).first()).toBeVisible();
  expect((await request.get('/api/profile/me', { headers: { authorization: `Bearer ${token}` } })).status()).toBe(401);
  // The link works once.
  await forgetStoredSession(page);
  await page.goto(link);
  await page.getByLabel('New password', { exact: true }).fill('another-pass');
  await page.getByLabel('Repeat the new password').fill('another-pass');
  await page.getByRole('button', { name: 'Set password and sign in' }).click();
  await expect(page.getByRole('alert')).toContainText('invalid, expired or already used');
});

test('delete account: signed out, and the login no longer works', async ({ page, request }) => {
  const { email, token } = await registerViaApi(request);
  await completeViaApi(request, token, { name: 'Del Eted', bio: 'Painter', expertise: ['Painting'] });
  await signInWithToken(page, token, '/profile');

  const account = page.getByRole('region', { name: 'Account' });
  await expect(account.getByRole('heading', { name: 'Change password' })).toBeVisible();
  await account.scrollIntoViewIfNeeded();
  await snap(page, 'profile-account');
  await account.getByRole('button', { name: 'Delete account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
  await expect(dialog).toContainText('your interview recordings, transcripts and assessments');
  await dialog.getByLabel('Your password').fill('wrong-password');
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('The password is not correct');
  await dialog.getByLabel('Your password').fill('secret123');
  await snap(page, 'delete-dialog');
  await dialog.getByRole('button', { name: 'Delete my account' }).click();

  await expect(page).toHaveURL(/\/login$/);
  await logInThroughUi(page, email, 'secret123');
  await expect(page.getByRole('alert')).toHaveText('Invalid email or password');
});

test('Logout ends the session on the server', async ({ signedInPage: page, candidate: { token }, request }) => {
  await page.goto('/profile');
  await page.getByRole('button', { name: 'Logout' }).first().click();
  await expect(page).toHaveURL(/\/login$/);
  await expect
    .poll(async () =>
      (await request.get('/api/profile/me', { headers: { authorization: `Bearer ${token}` } })).status(),
    )
    .toBe(401);
});

test.describe('with a fake camera and microphone', () => {
  test('the equipment check asks for recording consent before Start Interview; /privacy explains it', async ({
    page,
    request,
    activeJob: job,
  }) => {
    const { token } = await registerViaApi(request);
    await completeViaApi(request, token, { name: 'Con Sent', bio: 'Designer', expertise: ['Figma'] });
    await signInWithToken(page, token, `/job-application-onboarding?jobId=${job.id}`);
    await expect(page.getByText('Mic working')).toBeVisible();
    const start = page.getByRole('button', { name: 'Start Interview' });
    await expect(start).toBeDisabled();
    await snap(page, 'equipment-consent');
    await page.getByRole('checkbox', { name: /I agree that this interview is recorded/ }).check();
    // The AI notice must be acknowledged too (issue 35).
    await expect(start).toBeDisabled();
    await page.getByRole('checkbox', { name: AI_NOTICE_ACKNOWLEDGEMENT }).check();
    await expect(start).toBeEnabled();
    await start.click();
    await expect(page).toHaveURL(/\/realtime-interview\//);
    const consents = await (
      await request.get('/api/consents', { headers: { authorization: `Bearer ${token}` } })
    ).json();
    expect(consents).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ purpose: 'interview_recording', job_id: job.id }),
        expect.objectContaining({ purpose: 'ai_assessment', job_id: job.id }),
      ]),
    );
    expect(consents).toHaveLength(2);

    await page.goto('/privacy');
    await expect(page.getByRole('heading', { name: 'Privacy' })).toBeVisible();
    await expect(page.getByText(/interview recordings are deleted after 365 days/)).toBeVisible();
    await snap(page, 'privacy');
  });
});
