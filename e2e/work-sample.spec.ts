import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { api, bearer as auth, fakeMediaWithMic, giveInterviewConsents, painted, signInWithToken } from './helpers';
import { writeFakeMicWav } from './support/fake-mic';

/**
 * The work sample inside the interview (issue 46) in the browser: the provider marks three items as
 * the job's work sample and switches it on; the candidate, after the conversation, rates the three
 * items one at a time while talking (the synthesized voice asks to finish, then thinks aloud), and
 * reloads in the middle of the second; the provider reviews the ratings beside gold and seeks the
 * recording to an item; the candidate reads the debrief's work-sample line.
 */
const micWav = path.join(os.tmpdir(), `e2e-work-sample-mic-${process.pid}.wav`);
test.use({ launchOptions: fakeMediaWithMic(micWav) });
test.describe.configure({ timeout: 600_000 });

test.beforeAll(async () => {
  await writeFakeMicWav(micWav, 3, [
    'I want to end the interview.',
    'The type is crowded and hard to read, so I give this poster a two.',
  ]);
});

const shots = process.env.E2E_SHOTS_DIR ?? os.tmpdir();
async function snap(page: Page, name: string) {
  fs.mkdirSync(shots, { recursive: true });
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
    await painted(page);
    await page.screenshot({ path: path.join(shots, `ws-${name}-${width}.png`), fullPage: true });
  }
}

const ITEMS_CSV = [
  'task_name,instructions,data_type,text,gold_rating',
  'Jazz poster,Rate legibility and hierarchy,text,"Headline: JAZZ NIGHT in 9 pt grey on grey",2',
  'Book cover,Rate legibility and hierarchy,text,"Title large and centred; author small below",4',
  'Menu card,Rate legibility and hierarchy,text,"Three typefaces and five colours on one card",1',
].join('\n');

/** Rates the item on screen and waits for the next one (or for the panel to go). */
async function rate(page: Page, rating: string) {
  const panel = page.getByTestId('work-sample-panel');
  await panel.getByRole('button', { name: rating }).click();
  await panel.getByRole('button', { name: 'Submit rating' }).click();
}

test('a work sample: marked by the provider, rated in the interview with a reload, reviewed beside gold, in the debrief', async ({
  page,
  browser,
  request,
  candidate: { token },
  admin,
  activeJob: job,
}) => {
  // The provider marks three items as the job's work sample (Tasks → upload), then switches it on.
  await api(request, 'patch', `/api/admin/jobs/${job.id}`, admin.token, { share_feedback: true });
  // The provider works in a browser of their own (a shared one would share the signed-in session).
  const providerContext = await browser.newContext();
  const provider = await providerContext.newPage();
  await signInWithToken(provider, admin.token, `/admin/tasks?job_id=${job.id}`);
  await provider.getByRole('radio', { name: /Work-sample items/ }).click();
  await provider.getByLabel('Task file (JSON or CSV)').setInputFiles({
    name: 'sample.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(ITEMS_CSV),
  });
  await provider.getByRole('button', { name: 'Add 3 work-sample items' }).click();
  await expect(provider.getByText('Added 3 work-sample items')).toBeVisible();
  await provider.goto(`/admin/jobs/${job.id}/edit`);
  await provider.getByLabel('Items per candidate').fill('3');
  await provider.getByLabel('Seconds per item').fill('90');
  await provider.getByRole('button', { name: /Save/ }).click();
  await expect(provider).toHaveURL(/\/admin\/jobs$/);
  const pool = await api<{ active: boolean; items: { gold_rating: number; task_name: string }[] }>(
    request,
    'get',
    `/api/admin/jobs/${job.id}/work-sample`,
    admin.token,
  );
  expect(pool.active).toBe(true);
  const gold = new Map(pool.items.map((i) => [i.task_name, i.gold_rating]));

  // The candidate's interview: after the conversation, the sample, one item at a time.
  await giveInterviewConsents(request, token, job.id);
  const interviewId = crypto.randomUUID();
  await signInWithToken(page, token, `/realtime-interview/${interviewId}?jobId=${job.id}`);
  const panel = page.getByTestId('work-sample-panel');
  await expect(panel).toBeVisible({ timeout: 240_000 });
  await expect(panel).toContainText('Item 1 of 3');
  await expect(page.getByText(/Before we finish, please rate 3 real items of this job/).first()).toBeVisible();
  // The candidate talks while rating: their words appear as captions, the interviewer stays quiet.
  const captions = page.getByTestId('captions');
  const said = await captions.getByText('You', { exact: true }).count();
  await expect
    .poll(() => captions.getByText('You', { exact: true }).count(), { timeout: 60_000 })
    .toBeGreaterThan(said);
  await snap(page, 'item-1');
  await rate(page, '2 - Needs Improvement');
  await expect(panel).toContainText('Item 2 of 3', { timeout: 30_000 });

  // A reload in the middle of the second item comes back to the same item.
  const second = await panel.locator('h3, [data-testid="work-item-name"]').first().textContent();
  await page.reload();
  await expect(panel).toBeVisible({ timeout: 60_000 });
  await expect(panel).toContainText('Item 2 of 3');
  if (second) await expect(panel).toContainText(second);
  await rate(page, '4 - Strong Execution');
  await expect(panel).toContainText('Item 3 of 3', { timeout: 30_000 });
  await rate(page, '1 - Poor Quality');
  await expect(page.getByRole('heading', { name: 'Thanks for interviewing!' })).toBeVisible({ timeout: 90_000 });
  // Nothing the candidate's page showed carries a gold rating.
  expect(await page.content()).not.toMatch(/gold/i);

  // The provider reviews: each item's rating beside gold, and a play button that seeks the recording.
  await expect
    .poll(async () => (await api<{ status: string }>(request, 'get', `/api/interviews/${interviewId}`, token)).status, {
      timeout: 60_000,
    })
    .toMatch(/completed|under_review/);
  // The reload made two recording parts: the seek is checked on the joined file, one timeline (decision 0168),
  // which the server makes in the background after the end.
  await expect
    .poll(
      async () => {
        const res = await request.get(`/api/interviews/${interviewId}/recording/playlist`, { headers: auth(token) });
        return res.status() === 200 ? ((await res.json()) as { file: unknown }).file !== null : false;
      },
      { timeout: 240_000 },
    )
    .toBe(true);
  await provider.goto(`/admin/interviews/${interviewId}`);
  const review = provider.getByRole('region', { name: 'Work sample' });
  await expect(review).toBeVisible({ timeout: 30_000 });
  const detail = await api<{
    work_sample: { items: { task_name: string; rating: number; gold_rating: number; offset_seconds: number }[] };
  }>(request, 'get', `/api/admin/interviews/${interviewId}`, admin.token);
  expect(detail.work_sample.items.map((i) => i.rating)).toEqual([2, 4, 1]);
  for (const item of detail.work_sample.items) {
    expect(item.gold_rating).toBe(gold.get(item.task_name));
    await expect(review).toContainText(item.task_name);
  }
  const video = provider.getByTestId('interview-recording');
  await expect(video).toBeVisible({ timeout: 60_000 });
  await expect
    .poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState), { timeout: 30_000 })
    .toBeGreaterThanOrEqual(1);
  const target = detail.work_sample.items[1]!;
  await review.getByRole('button', { name: new RegExp(`^Play ${target.task_name} from`) }).click();
  await expect
    .poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 20_000 })
    .toBeGreaterThanOrEqual(Math.max(0, target.offset_seconds - 1));
  await snap(provider, 'review');

  // After the decision the candidate's debrief says how many ratings were close, never the gold.
  await api(request, 'post', `/api/admin/interviews/${interviewId}/decision`, admin.token, { decision: 'approved' });
  await page.goto(`/interviews/${interviewId}/debrief`);
  const debrief = page.getByRole('region', { name: 'Work sample' });
  await expect(debrief).toContainText(/\d of 3 items within one point of the reference rating/, { timeout: 30_000 });
  await expect(debrief).toContainText('Tip:');
  expect(await page.content()).not.toMatch(/gold/i);
  const reply = await request.get(`/api/interviews/${interviewId}/debrief`, { headers: auth(token) });
  expect(await reply.text()).not.toMatch(/gold|reference_rating/);
  await snap(page, 'debrief');
  await providerContext.close();
});
