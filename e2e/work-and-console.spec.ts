import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { E2E_ADMIN } from '../playwright.config';
import { acceptForJob, api, logInThroughUi, painted, signInWithToken } from './helpers';

/**
 * Issue 34 in the browser: the admin lands on the console; on a phone its navigation is a menu, its
 * tables are cards and the review queue hides keyboard hints; the rater's finished task shows View,
 * earnings say Available for approved work, and the job page states the payments' cycle.
 */
test.describe.configure({ timeout: 300_000 });

const shots = process.env.E2E_SHOTS_DIR ?? '/tmp/h34b-shots';
test.beforeAll(() => fs.mkdirSync(shots, { recursive: true }));
async function shot(page: Page, name: string) {
  await painted(page);
  await page.screenshot({ path: path.join(shots, `${name}.png`), fullPage: true });
}

/** A phone: 390 wide, touch, coarse pointer. */
async function phone(browser: Browser) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  return context.newPage();
}

test('the console on a phone, and a rater working through a job', async ({
  browser,
  page,
  request,
  admin,
  activeJob: job,
  candidate,
}) => {
  // --- The admin signs in and lands on the console, not the marketplace.
  await logInThroughUi(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await expect(page).toHaveURL(/\/admin\/jobs$/);
  await expect(page.getByRole('heading', { name: 'Jobs' })).toBeVisible();
  await shot(page, 'console-jobs-1280');

  // --- A rater with three tasks of the job.
  const ada = { token: candidate.token, id: candidate.id, name: 'Ada Lovelace' };
  await acceptForJob(page, request, admin.token, ada, job.id);
  const text = (n: number) => ({
    task_name: `Rate headline ${n}`,
    data_to_annotate: { title: `Headline ${n}`, data_type: 'text', data_content: { text: `Headline ${n}.` } },
    assignee_id: ada.id,
  });
  const tasks = await api<{ id: string }[]>(request, 'post', `/api/admin/jobs/${job.id}/tasks`, admin.token, {
    tasks: [text(1), text(2), text(3)],
  });

  const rater = await browser.newContext({ viewport: { width: 1280, height: 900 } }).then((c) => c.newPage());
  await signInWithToken(rater, ada.token, `/annotate/${tasks[0]!.id}`);
  await expect(rater.getByRole('heading', { name: 'Rate headline 1' })).toBeVisible();
  await expect(rater.getByRole('slider')).toHaveCount(0);
  await shot(rater, 'task-1280');
  await rater.getByRole('button', { name: '4 - Strong Execution' }).click();
  await rater.getByRole('textbox', { name: 'Feedback' }).fill('Clear and short.');
  await rater.getByRole('button', { name: 'Submit Feedback' }).click();
  await rater.getByRole('dialog').getByRole('button', { name: 'Submit' }).click();
  // The job's next open task (the two left were created together: either one).
  await expect(rater).toHaveURL(new RegExp(`/annotate/(${tasks[1]!.id}|${tasks[2]!.id})$`));
  await expect(rater.getByText('Feedback submitted. This is the next task of the job.')).toBeVisible();
  await shot(rater, 'task-next-1280');
  await rater.setViewportSize({ width: 390, height: 844 });
  await shot(rater, 'task-next-390');
  await rater.setViewportSize({ width: 1280, height: 900 });

  // The provider approves the first: the rater's earning is Available, not Pending.
  await api(request, 'post', `/api/admin/tasks/${tasks[0]!.id}/review`, admin.token, { approved: true });
  await rater.goto('/earnings');
  await expect(rater.getByTestId('transaction').first()).toContainText('Available');
  await expect(rater.getByText(/^Available on /)).toHaveCount(0);
  await shot(rater, 'earnings-1280');
  await rater.goto(`/jobs?job=${(await api<{ id: string }[]>(request, 'get', '/api/interviews', ada.token))[0]!.id}`);
  const done = rater.getByTestId('creative-task').filter({ hasText: 'Rate headline 1' });
  await expect(done).toContainText('Reviewed');
  await expect(done.getByRole('button', { name: 'View' })).toBeVisible();
  await expect(rater.getByTestId('payout-cycle')).toHaveText(
    'Bi-weekly Payouts: You receive payouts every 2 weeks on Mondays',
  );
  await shot(rater, 'job-detail-1280');
  await rater.setViewportSize({ width: 390, height: 844 });
  await shot(rater, 'job-detail-390');

  // --- The console on a phone: a menu, tables as cards, no keyboard hints.
  const provider = await phone(browser);
  await signInWithToken(provider, admin.token, '/admin/jobs');
  const nav = provider.getByRole('navigation', { name: 'Console' });
  await expect(nav).toBeHidden();
  await shot(provider, 'console-jobs-390');
  await provider.getByRole('button', { name: 'Menu' }).click();
  await expect(nav).toBeVisible();
  await shot(provider, 'console-menu-390');
  await nav.getByRole('link', { name: 'Tasks' }).click();
  await expect(nav).toBeHidden();
  await provider.goto(`/admin/tasks?job_id=${job.id}`);
  const table = provider.getByRole('table', { name: 'Tasks' });
  const firstRow = table.getByRole('row').filter({ hasText: 'Rate headline 1' });
  await expect(firstRow).toBeVisible();
  // Every cell of the card is on the screen: none hides past its right edge.
  const box = await firstRow.boundingBox();
  expect(box!.x + box!.width).toBeLessThanOrEqual(390);
  await shot(provider, 'console-tasks-390');
  await provider.goto(`/admin/jobs/${job.id}/review`);
  await expect(provider.getByRole('heading', { name: /^Review queue/ })).toBeVisible();
  await expect(provider.getByLabel('Keyboard shortcuts')).toBeHidden();
  await shot(provider, 'review-390');
  await provider.goto(`/admin/jobs/${job.id}/quality`);
  await expect(provider.getByRole('region', { name: "Krippendorff's alpha" })).toBeVisible();
  await shot(provider, 'quality-390');

  // On a wide screen with a mouse the hints are there, and the side bar has no menu button.
  await page.goto(`/admin/jobs/${job.id}/review`);
  await expect(page.getByLabel('Keyboard shortcuts')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Menu' })).toBeHidden();
  await shot(page, 'review-1280');
  await page.goto(`/admin/jobs/${job.id}/quality`);
  await page.getByText('What the figure means').click();
  await shot(page, 'quality-1280');
});
