import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { agreeToRecording, api, bearer as auth, fakeMediaWithMic, painted, signInWithToken } from './helpers';
import { writeFakeMicWav } from './support/fake-mic';

/**
 * The candidate's debrief (issue 27): a practice interview ends on its debrief, which the candidate
 * may keep; a real interview of a job that shares feedback shows its debrief after the decision; the
 * provider's job form has the setting. Fake camera and a synthesized candidate voice, as in
 * e2e/interview.spec.ts.
 */
const micWav = path.join(os.tmpdir(), `e2e-debrief-mic-${process.pid}.wav`);
test.use({ launchOptions: fakeMediaWithMic(micWav) });
test.describe.configure({ timeout: 300_000 });

test.beforeAll(async () => {
  await writeFakeMicWav(micWav);
});

/** Screenshots of the debrief at a phone's and a desktop's width (DEBRIEF_SHOTS: the folder to keep them in). */
async function shots(page: Page, name: string) {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width < 600 ? 844 : 900 });
    await painted(page);
    const file = process.env.DEBRIEF_SHOTS
      ? path.join(process.env.DEBRIEF_SHOTS, `${name}-${width}.png`)
      : test.info().outputPath(`${name}-${width}.png`);
    await page.screenshot({ path: file, fullPage: true });
    // Nothing runs off the side of the page at either width.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  }
}

test('a practice interview ends on its debrief, which the candidate may keep', async ({
  page,
  request,
  candidate: { token },
}) => {
  await signInWithToken(page, token, '/interview-prep');
  await page.getByRole('button', { name: 'Start practice' }).click();
  await expect(page.getByTestId('ai-orb')).toHaveAttribute('data-speaking', 'true', { timeout: 30_000 });

  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: 'Practice complete' })).toBeVisible({ timeout: 180_000 });
  await dialog.getByRole('button', { name: 'See your debrief' }).click();
  await expect(page).toHaveURL(/\/interview-prep\/debrief$/);

  await expect(page.getByRole('heading', { name: 'Your practice debrief' })).toBeVisible();
  const delivery = page.getByRole('region', { name: 'Delivery' });
  await expect(delivery).toContainText('Pace');
  await expect(delivery).toContainText('(130–175 wpm)');
  await expect(delivery).toContainText('Your share of talk');
  const answers = page.getByTestId('debrief-answer');
  await expect(answers.first()).toContainText('Your answer');
  // Each answer is either judged (with a suggestion in the rubric's words) or said to be hard to hear.
  await expect(answers.first()).toContainText(
    /(Communication|Creative expertise|Critique ability|Role fit): |The audio was hard to hear here/,
  );
  // Nothing is stored for practice until the candidate keeps it.
  expect(await (await request.get('/api/practice-debriefs', { headers: auth(token) })).json()).toEqual([]);
  await shots(page, 'practice-debrief');

  await page.getByRole('button', { name: 'Keep this debrief' }).click();
  await expect(page).toHaveURL(/\/debriefs\/[0-9a-f-]{36}$/);
  await expect(page.getByText('It is in your data export and is deleted with your account.')).toBeVisible();
  const kept = (await (await request.get('/api/practice-debriefs', { headers: auth(token) })).json()) as {
    id: string;
  }[];
  expect(kept.map((k) => k.id)).toEqual([new URL(page.url()).pathname.split('/').pop()]);
});

test('the provider turns on feedback sharing in the job form', async ({ page, request, admin }) => {
  const title = `Feedback Job ${Date.now().toString(36)}`;
  await signInWithToken(page, admin.token, '/admin/jobs');
  await page.getByRole('link', { name: 'New job' }).click();
  const share = page.getByRole('checkbox', { name: 'Share interview feedback with candidates' });
  await expect(share).not.toBeChecked();
  await page.getByLabel('Title', { exact: true }).fill(title);
  await page.getByLabel('Description', { exact: true }).fill('Rate posters for composition and type.');
  await page.getByLabel('Position type').fill('Contract');
  await share.check();
  await page.getByRole('button', { name: 'Create job' }).click();
  await expect(page).toHaveURL(/\/admin\/jobs$/);
  const jobs = (await (await request.get('/api/jobs')).json()) as {
    id: string;
    title: string;
    share_feedback: boolean;
  }[];
  const job = jobs.find((j) => j.title === title)!;
  expect(job.share_feedback).toBe(true);
  // The edit form shows the saved setting.
  await page.goto(`/admin/jobs/${job.id}/edit`);
  await expect(page.getByRole('checkbox', { name: 'Share interview feedback with candidates' })).toBeChecked();
  await api(request, 'patch', `/api/admin/jobs/${job.id}`, admin.token, { status: 'archived' });
});

test('a real interview of a job that shares feedback shows its debrief to the candidate after the decision', async ({
  page,
  request,
  candidate: { token },
  admin,
  activeJob: job,
}) => {
  await api(request, 'patch', `/api/admin/jobs/${job.id}`, admin.token, { share_feedback: true });

  await signInWithToken(page, token, `/job-application-onboarding?jobId=${job.id}`);
  await agreeToRecording(page);
  const start = page.getByRole('button', { name: 'Start Interview' });
  await expect(start).toBeEnabled({ timeout: 20_000 });
  await start.click();
  await expect(page).toHaveURL(/\/realtime-interview\/[0-9a-f-]{36}\?jobId=/);
  const interviewId = new URL(page.url()).pathname.split('/').pop()!;

  // The synthesized candidate answers once; then the interview is ended.
  const captions = page.getByTestId('captions');
  await expect(captions.getByText('You', { exact: true }).first()).toBeVisible({ timeout: 90_000 });
  await expect(page.getByTestId('ai-orb')).toHaveAttribute('data-speaking', 'true', { timeout: 60_000 });
  await page.getByRole('button', { name: 'End Interview' }).click();
  await page.getByRole('dialog', { name: 'End the interview?' }).getByRole('button', { name: 'End interview' }).click();
  await expect(page.getByRole('heading', { name: 'Thanks for interviewing!' })).toBeVisible({ timeout: 30_000 });

  // Before the decision the candidate has no debrief.
  const before = await request.get(`/api/interviews/${interviewId}/debrief`, { headers: auth(token) });
  expect(before.status()).toBe(404);

  await expect
    .poll(async () => (await api<{ status: string }>(request, 'get', `/api/interviews/${interviewId}`, token)).status, {
      timeout: 60_000,
    })
    .toMatch(/completed|under_review/);
  await api(request, 'post', `/api/admin/interviews/${interviewId}/decision`, admin.token, { decision: 'approved' });

  await page.goto(`/status?interviewId=${interviewId}`);
  await page.getByRole('button', { name: 'See your interview debrief' }).click();
  await expect(page).toHaveURL(new RegExp(`/interviews/${interviewId}/debrief$`));
  await expect(page.getByRole('heading', { name: 'Your interview debrief' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Delivery' })).toContainText('(130–175 wpm)');
  await expect(page.getByTestId('debrief-answer').first()).toContainText('Your answer');
  await shots(page, 'interview-debrief');
});
