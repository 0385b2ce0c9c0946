import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { fakeMediaWithMic, painted, signInWithToken } from './helpers';
import { writeFakeMicWav } from './support/fake-mic';

/**
 * Practice, findable and honest (issue 34): from a job's detail to the practice for that job; the
 * greeting says the count the intro says, with its counter; ending mid-question quotes no question;
 * Profile → Practice and the status page link to it. SHOTS_DIR keeps screenshots. (The practice goodbye
 * and the kept list are in test/interview/practice-script.test.ts and ProfilePage.test.tsx.)
 */
const micWav = path.join(os.tmpdir(), `e2e-practice-findable-mic-${process.pid}.wav`);
test.use({ launchOptions: fakeMediaWithMic(micWav) });
test.describe.configure({ timeout: 300_000 });

test.beforeAll(async () => {
  await writeFakeMicWav(micWav);
});

async function shots(page: Page, name: string) {
  if (!process.env.SHOTS_DIR) return;
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width < 600 ? 844 : 900 });
    await painted(page);
    await page.screenshot({ path: path.join(process.env.SHOTS_DIR, `${name}-${width}.png`), fullPage: true });
  }
}

test('a candidate finds the practice from a job and hears an honest script', async ({
  page,
  candidate: { token },
  activeJob: job,
}) => {
  await signInWithToken(page, token, '/');
  await expect(page.getByRole('link', { name: 'Try a practice interview' })).toBeVisible();
  await page.getByText(job.title).first().click();
  await shots(page, 'marketplace-detail');
  // At 1280 the job's detail is a side panel (a dialog on phones).
  await page.getByRole('link', { name: 'Practise the interview for this job' }).click();
  await expect(page).toHaveURL(new RegExp(`/interview-prep\\?jobId=${job.id}$`));
  await expect(page.getByText('Two warm-up questions from the AI interviewer, up to 5 minutes')).toBeVisible();
  await shots(page, 'prep-intro');
  await page.setViewportSize({ width: 1280, height: 900 });

  await page.getByRole('button', { name: 'Start practice' }).click();
  await expect(page.getByRole('heading', { name: `Practice: ${job.title}` })).toBeVisible();
  const transcript = page.getByTestId('captions');
  await expect(transcript).toContainText('this is your practice interview: two questions, up to 5 minutes', {
    timeout: 30_000,
  });
  await expect(page.getByTestId('interview-progress')).toContainText('Question 1 of about 2');

  await shots(page, 'practice-live');
  await page.setViewportSize({ width: 1280, height: 900 });

  // The candidate ends it mid-question: the end dialog never quotes that question back.
  await page.getByRole('button', { name: 'End Interview' }).click();
  await page.getByRole('dialog', { name: 'End the interview?' }).getByRole('button', { name: 'End interview' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: 'Practice complete' })).toBeVisible({ timeout: 30_000 });
  await expect(dialog.locator('blockquote')).toContainText('Thank you for taking the time to talk with me today.');
  await expect(dialog.locator('blockquote')).not.toContainText('?');
  await shots(page, 'practice-end');

  // Profile → Practice: the way to practise and the kept debriefs (none kept here).
  await page.goto('/profile');
  const practice = page.getByRole('region', { name: 'Practice' });
  await expect(practice.getByRole('link', { name: 'Try a practice interview' })).toBeVisible();
  await practice.scrollIntoViewIfNeeded();
  await shots(page, 'profile-practice');

  // The status page links to practice too.
  await page.goto('/status');
  await expect(page.getByRole('link', { name: /practi[cs]e/i }).first()).toBeVisible();
  await shots(page, 'status-practice');
});
