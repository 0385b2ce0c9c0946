import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { bearer as auth, fakeMediaWithMic, giveInterviewConsents, painted, signInWithToken } from './helpers';
import { writeFakeMicWav } from './support/fake-mic';

/**
 * Issue 43 item 15 in the browser: the interview tab is closed after an answer (a crash, a phone
 * discarding the tab); the same link opened in a new tab continues the interview instead of "already
 * in progress in another session". A third tab then takes it over, and the older one is told so
 * (decision 0225).
 */
const micWav = path.join(os.tmpdir(), `e2e-resume-mic-${process.pid}.wav`);
test.use({ launchOptions: fakeMediaWithMic(micWav) });
test.describe.configure({ timeout: 300_000 });

test.beforeAll(async () => {
  await writeFakeMicWav(micWav);
});

const shots = process.env.E2E_SHOTS_DIR ?? os.tmpdir();
async function snap(page: Page, name: string) {
  fs.mkdirSync(shots, { recursive: true });
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
    await painted(page);
    await page.screenshot({ path: path.join(shots, `h7-${name}-${width}.png`), fullPage: true });
  }
}

type Turn = { speaker: string; text: string };
const turnsOf = async (request: APIRequestContext, token: string, id: string) =>
  (
    (await (await request.get(`/api/interviews/${id}/transcript`, { headers: auth(token) })).json()) as {
      turns: Turn[];
    }
  ).turns;

const live = (page: Page) =>
  expect(page.getByTestId('session-status')).toHaveAttribute('data-status', /ready|listening|speaking|processing/, {
    timeout: 60_000,
  });

test('a closed interview tab is no dead end: the link continues the interview in a new tab', async ({
  page,
  context,
  request,
  candidate: { token },
  activeJob: job,
}) => {
  const interviewId = crypto.randomUUID();
  const link = `/realtime-interview/${interviewId}?jobId=${job.id}`;
  await giveInterviewConsents(request, token, job.id);
  await signInWithToken(page, token, link);
  await expect(page.getByText('Recording', { exact: true })).toBeVisible({ timeout: 60_000 });
  // The candidate answers (the fake microphone speaks), then the tab is closed.
  await expect
    .poll(async () => (await turnsOf(request, token, interviewId)).some((t) => t.speaker === 'user'), {
      timeout: 150_000,
    })
    .toBe(true);
  const answer = (await turnsOf(request, token, interviewId)).find((t) => t.speaker === 'user')!;
  await page.close();

  // The same link in a new tab (no session id of its own: that lived in the closed tab).
  const again = await context.newPage();
  await again.goto(link);
  await live(again);
  await expect(again.getByRole('alert')).toHaveCount(0);
  await expect(again.getByText('Recording', { exact: true })).toBeVisible();
  // The conversation so far is there, and the interviewer picks up where it was.
  await expect(again.getByText(answer.text).first()).toBeVisible({ timeout: 30_000 });
  await expect(again.getByText(/Welcome back\./).first()).toBeVisible({ timeout: 60_000 });
  await snap(again, 'resumed');
  const mine = (await (await request.get('/api/interviews', { headers: auth(token) })).json()) as {
    id: string;
    status: string;
  }[];
  expect(mine.map((i) => [i.id, i.status])).toEqual([[interviewId, 'in_progress']]);

  // Yet another tab (or a phone) takes over; the older tab is told, stops, and may take it back.
  const third = await context.newPage();
  await third.goto(link);
  await live(third);
  const notice = again.getByRole('alert').filter({ hasText: 'This interview continues in another tab or device.' });
  await expect(notice).toBeVisible({ timeout: 30_000 });
  await expect(again.getByText('Recording', { exact: true })).toHaveCount(0);
  await expect(again.getByRole('button', { name: 'Continue here' })).toBeVisible();
  // It cannot end the interview the other tab is running.
  await expect(again.getByRole('button', { name: 'End Interview' })).toBeDisabled();
  await snap(again, 'told');
  await expect(third.getByRole('alert')).toHaveCount(0);
  await third.close();
});
