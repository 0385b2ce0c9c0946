import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import {
  FAKE_MEDIA,
  agreeToRecording,
  api,
  launchWith,
  mailsTo,
  painted,
  signInWithToken,
  startAnsweredInterview,
} from './helpers';

/**
 * Issue 32 items 10 and 12 in the browser: a candidate allowed a retake is e-mailed a link to their
 * status page, whose Start opens the equipment check and starts their one application again; an
 * invited candidate opens the job's application from the e-mail link and finds it waiting, with a
 * Start, in Your Jobs (decision 0169).
 */
test.use({ launchOptions: launchWith(...FAKE_MEDIA) });
test.describe.configure({ timeout: 240_000 });

const shots = process.env.E2E_SHOTS_DIR ?? path.join(os.tmpdir(), 'e2e-start-again-shots');
async function snap(page: Page, name: string) {
  fs.mkdirSync(shots, { recursive: true });
  const size = page.viewportSize() ?? { width: 1280, height: 800 };
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
    await painted(page);
    await page.screenshot({ path: path.join(shots, `${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize(size);
}

/** The link after `label: ` in the newest e-mail to `to` that contains `subject` (delivery is queued). */
async function mailedLink(to: string, subject: string, label: string): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(
      () => {
        const mail = mailsTo(to)
          .filter((m) => m.includes(subject))
          .pop();
        link = mail && new RegExp(`${label}: (\\S+)`).exec(mail)?.[1];
        return link;
      },
      { timeout: 20_000 },
    )
    .toBeTruthy();
  return link!;
}

const applicationsFor = async (request: APIRequestContext, token: string, jobId: string) =>
  (await api<{ id: string; job_id: string }[]>(request, 'get', '/api/interviews', token)).filter(
    (i) => i.job_id === jobId,
  );

/** From the equipment check: consent, Start Interview, and the live interview of `interviewId` opens. */
async function startFromEquipmentCheck(page: Page, interviewId: string) {
  await expect(page).toHaveURL(/\/job-application-onboarding\?jobId=/);
  await agreeToRecording(page);
  await page.getByRole('button', { name: 'Start Interview' }).click();
  await expect(page).toHaveURL(new RegExp(`/realtime-interview/${interviewId}`));
  await expect(page.getByText('Recording', { exact: true })).toBeVisible({ timeout: 60_000 });
}

test('a retaken candidate is e-mailed a link and starts their one application again from the status page', async ({
  page,
  request,
  candidate,
  admin,
  activeJob: job,
}) => {
  await signInWithToken(page, candidate.token, '/');
  const interviewId = await startAnsweredInterview(page, { ...candidate, name: 'Ada Lovelace' }, job.id);
  await api(request, 'post', `/api/interviews/${interviewId}/complete`, candidate.token);
  await api(request, 'post', `/api/admin/interviews/${interviewId}/retake`, admin.token, {
    reason: 'The candidate’s camera froze.',
  });

  const link = await mailedLink(candidate.email, 'You can take your interview', 'Start your interview');
  expect(link).toContain(`/status?interviewId=${interviewId}`);
  await page.goto(link);
  await expect(page.getByText('Interview ready to begin')).toBeVisible();
  await expect(page.getByText('Your interview is set up. Start it when you are ready.')).toBeVisible();
  await snap(page, '01-status-retake');
  await page.getByRole('button', { name: 'Start Interview' }).click();
  await startFromEquipmentCheck(page, interviewId);
  await snap(page, '02-retake-started');
  // One application for the job, running again.
  const mine = await applicationsFor(request, candidate.token, job.id);
  expect(mine.map((i) => i.id)).toEqual([interviewId]);
});

test('an invited candidate opens the job from the e-mail link and starts it from Your Jobs', async ({
  page,
  request,
  candidate,
  admin,
  activeJob: job,
}) => {
  await api(request, 'post', `/api/admin/jobs/${job.id}/shortlist`, admin.token, { candidate_id: candidate.id });
  await api(request, 'post', `/api/admin/jobs/${job.id}/shortlist/${candidate.id}/invite`, admin.token, {});
  const [invited] = await applicationsFor(request, candidate.token, job.id);

  const link = await mailedLink(candidate.email, "You're invited to apply", 'Apply to this job');
  expect(link).toContain(`/apply?jobId=${job.id}`);
  await signInWithToken(page, candidate.token, new URL(link).pathname + new URL(link).search);
  await expect(page.getByText(job.title).first()).toBeVisible();
  await snap(page, '03-invitation-link');

  await page.goto('/jobs');
  const waiting = page.getByTestId('waiting-application');
  await expect(waiting).toHaveCount(1);
  await expect(waiting.getByRole('heading', { name: job.title })).toBeVisible();
  await snap(page, '04-your-jobs-waiting');
  await waiting.getByRole('button', { name: 'Start Interview' }).click();
  await startFromEquipmentCheck(page, invited!.id);
  expect((await applicationsFor(request, candidate.token, job.id)).map((i) => i.id)).toEqual([invited!.id]);
});
