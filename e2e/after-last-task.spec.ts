import { expect, test } from './fixtures';
import { acceptForJob, api, signInWithToken } from './helpers';

test.describe.configure({ timeout: 300_000 });

// Issue 43 item 21: after the last task the rater landed on "No active jobs yet", and the job sat under
// Completed while its ratings still awaited review.
test('after the last task: no "No active jobs yet", and the job awaits review until it is reviewed', async ({
  browser,
  page,
  request,
  admin,
  activeJob: job,
  candidate,
}) => {
  const rater = { token: candidate.token, id: candidate.id, name: 'Ada Lovelace' };
  // The interview runs from a page of the app (its socket and calls are same-origin).
  await page.goto('/login');
  await acceptForJob(page, request, admin.token, rater, job.id);
  const [task] = await api<{ id: string }[]>(request, 'post', `/api/admin/jobs/${job.id}/tasks`, admin.token, {
    tasks: [
      {
        task_name: 'Rate the only headline',
        data_to_annotate: { title: 'Headline', data_type: 'text', data_content: { text: 'A headline.' } },
        assignee_id: rater.id,
      },
    ],
  });

  for (const width of [390, 1280]) {
    const page = await browser.newContext({ viewport: { width, height: 900 } }).then((c) => c.newPage());
    if (width === 390) {
      // The last (and only) task, submitted on the task screen: the rater lands on Your Jobs.
      await signInWithToken(page, rater.token, `/annotate/${task!.id}`);
      await expect(page.getByRole('heading', { name: 'Rate the only headline' })).toBeVisible();
      await page.getByRole('button', { name: '4 - Strong Execution' }).click();
      await page.getByRole('textbox', { name: 'Feedback' }).fill('Clear and short.');
      await page.getByRole('button', { name: 'Submit Feedback' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Submit' }).click();
      await expect(page).toHaveURL(/\/jobs$/);
    } else {
      await signInWithToken(page, rater.token, '/jobs');
    }
    await expect(page.getByText('No active tasks right now')).toBeVisible();
    await expect(page.getByText('No active jobs yet')).toHaveCount(0);
    await page.screenshot({ path: test.info().outputPath(`after-last-task-${width}.png`), fullPage: true });
    await page.getByRole('button', { name: 'See your jobs' }).click();
    const card = page.getByTestId('your-job-card').filter({ hasText: job.title });
    await expect(card).toContainText('Awaiting review');
    await expect(card).not.toContainText('Completed on');
    await page.screenshot({ path: test.info().outputPath(`awaiting-review-${width}.png`), fullPage: true });
    await page.context().close();
  }

  // Once the provider has reviewed the rating, the job is Completed.
  await api(request, 'post', `/api/admin/tasks/${task!.id}/review`, admin.token, { approved: true });
  await signInWithToken(page, rater.token, '/jobs');
  await page.getByRole('button', { name: 'See your jobs' }).click();
  const card = page.getByTestId('your-job-card').filter({ hasText: job.title });
  await expect(card).toContainText('Completed on');
  await expect(card).not.toContainText('Awaiting review');
});
