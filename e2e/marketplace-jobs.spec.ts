import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { api, painted, signInWithToken, startAnsweredInterview } from './helpers';

/**
 * The candidate's journey after onboarding: marketplace → interview → status → Your Jobs → a
 * creative task → earnings, with the provider acting through the admin API in between.
 * With SCREENSHOT_DIR set, every screen is also captured at 1440 and 375 px wide.
 */

const shotDir = process.env.SCREENSHOT_DIR;

async function shot(page: Page, name: string) {
  if (!shotDir) return;
  fs.mkdirSync(shotDir, { recursive: true });
  const size = page.viewportSize() ?? { width: 1280, height: 720 };
  for (const width of [1440, 375]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    await painted(page);
    await page.screenshot({ path: path.join(shotDir, `${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize(size);
}

// An illustrator: the Job Fit order below depends on it. A complete profile has the resume and work
// authorization, 2 of the 4 checklist steps.
test.use({
  candidateProfile: {
    name: 'Grace Hopper',
    bio: 'Illustrator and motion designer',
    expertise: ['Illustration'],
    position: 'Illustrator',
    skills: ['Procreate'],
    resume_url: 'https://example.com/grace-resume.pdf',
    work_authorization: 'citizen',
  },
});

test('a candidate applies, is approved, rates a task and sees it paid', async ({
  page,
  request,
  admin,
  candidate: me,
}) => {
  test.setTimeout(120_000);
  const title = `Poster Critic ${crypto.randomUUID().slice(0, 6)}`;
  const job = await api<{ id: string }>(request, 'post', '/api/admin/jobs', admin.token, {
    title,
    description: 'Rate illustrated posters for composition and colour.',
    position_type: 'Part-time contract',
    pay_per_hour: 37.5,
    availability: '10-20 hours a week',
    skills: [{ name: 'Illustration', description: 'A trained eye for composition' }],
    custom_questions: ['Which poster inspired you most?', 'How do you give critique?'],
    interview_type: 'custom_exercise',
  });
  // Marketplace: the new job is listed, searchable, and its checklist is 2 of 4.
  await signInWithToken(page, me.token, '/');
  await expect(page.getByRole('heading', { name: 'Marketplace' })).toBeVisible();
  const card = page.getByTestId('job-card').filter({ hasText: title });
  await expect(card).toContainText('$37.50/hr');
  await expect(card).toContainText('Posted just now');
  await expect(card).toContainText('Part-time contract');
  await shot(page, '01-marketplace');
  await page.getByRole('button', { name: 'Job Fit' }).click();
  await expect(page.getByRole('button', { name: 'Job Fit' })).toHaveAttribute('aria-pressed', 'true');
  // An illustrator's best fit is the job with Illustration in its title (docs/decisions/0040).
  await expect(page.getByTestId('job-card').first()).toContainText('Illustration Quality Rater');
  await page.getByPlaceholder('Search by title, type, or description...').fill(title.toUpperCase());
  await expect(page.getByTestId('job-card')).toHaveCount(1);
  await card.click();
  const panel = page.getByRole('complementary', { name: 'Job details' });
  await expect(panel).toContainText('$37.50 per hour');
  await expect(panel).toContainText('Hourly contract');
  await expect(panel).toContainText('Custom Creative Exercise');
  await expect(panel).toContainText('2 of 4 steps completed');
  await expect(panel.getByRole('listitem').filter({ hasText: 'How do you give critique?' })).toBeVisible();
  await expect(panel.getByRole('link', { name: 'Start Application' })).toHaveAttribute(
    'href',
    `/job-application-onboarding?jobId=${job.id}`,
  );
  await shot(page, '02-marketplace-detail');
  await page.getByPlaceholder('Search by title, type, or description...').fill('no such job anywhere');
  await expect(page.getByText('No jobs match your search. Try different keywords!')).toBeVisible();
  await shot(page, '03-marketplace-no-match');
  await page.getByRole('button', { name: 'Clear Search' }).click();

  // The interview starts over the live socket; the job is then marked Applied.
  const interviewId = await startAnsweredInterview(page, { token: me.token, id: me.id, name: 'Grace Hopper' }, job.id);
  await page.reload();
  await expect(card).toContainText('Applied');
  await page.getByRole('button', { name: 'Applied', exact: true }).click();
  await expect(page.getByTestId('job-card')).toHaveCount(1);
  await card.click();
  await expect(panel).toContainText('3 of 4 steps completed');
  await panel.getByRole('link', { name: 'Continue Application' }).click();
  await expect(page).toHaveURL(`/status?interviewId=${interviewId}`);
  await expect(page.getByRole('region', { name: 'Interview status' })).toContainText('In Progress');
  await expect(page.getByText(`Position: ${title}`)).toBeVisible();

  // The placeholder screen completes nothing: it only leads to the status page.
  await page.goto(`/interview?interviewId=${interviewId}`);
  await expect(page.getByRole('heading', { name: 'Interviews happen live' })).toBeVisible();
  await shot(page, '04-placeholder-interview');
  await page.getByRole('link', { name: 'View application status' }).click();
  await expect(page).toHaveURL(`/status?interviewId=${interviewId}`);
  await expect(page.getByRole('region', { name: 'Interview status' })).toContainText('In Progress');

  // Ending the live interview completes it (the live screen's call); the status page shows the review state.
  await api(request, 'post', `/api/interviews/${interviewId}/complete`, me.token);
  await page.reload();
  await expect(page.getByText('Your interview is under review')).toBeVisible();
  await expect(page.getByText(/typically within 24-48 hours/)).toBeVisible();
  await expect(page.getByTestId('application-item').filter({ hasText: title })).toContainText('Under Review');
  await shot(page, '05-status-review');

  // The provider approves: the status page congratulates, Your Jobs lists the job.
  await api(request, 'post', `/api/admin/interviews/${interviewId}/decision`, admin.token, { decision: 'approved' });
  await page.goto('/status');
  await expect(page.getByText('Congratulations!')).toBeVisible();
  await expect(page.getByText('Next Steps')).toBeVisible();
  await shot(page, '06-status-approved');
  await page.goto('/jobs');
  await expect(page.getByRole('tab', { name: 'Active Jobs (1)' })).toBeVisible();
  const jobCard = page.getByTestId('your-job-card');
  await expect(jobCard).toContainText(title);
  await expect(jobCard).toContainText('Tasks Being Prepared');
  await shot(page, '07-your-jobs');

  // The provider adds two tasks for the candidate.
  const tasks = await api<{ id: string; task_name: string }[]>(
    request,
    'post',
    `/api/admin/jobs/${job.id}/tasks`,
    admin.token,
    {
      tasks: [
        {
          task_name: 'Rate the summer poster copy',
          task_description: 'Read the poster copy and rate it.',
          instructions: 'Judge clarity and tone.',
          data_to_annotate: {
            title: 'Summer festival copy',
            description: 'Headline and body text',
            data_type: 'text',
            data_content: { text: 'Sun, sound and colour: three days of music in the park.' },
          },
          assignee_id: me.id,
        },
        {
          task_name: 'Rate the winter poster',
          data_to_annotate: {
            title: 'Winter poster',
            data_type: 'image',
            data_url: '/api/files/00000000-0000-4000-8000-000000000000',
          },
          assignee_id: me.id,
        },
      ],
    },
  );
  await page.reload();
  await expect(jobCard).toContainText('2 Active Tasks');
  await jobCard.click();
  await expect(page.getByRole('button', { name: 'Back to Jobs' })).toBeVisible();
  await expect(page.getByText('$37.50 / hour')).toBeVisible();
  const textTask = page.getByTestId('creative-task').filter({ hasText: 'Rate the summer poster copy' });
  await expect(textTask).toContainText(`ID: ${tasks[0]!.id.slice(0, 8)}`);
  await expect(textTask).toContainText('Assigned');
  await page.getByRole('button', { name: 'Onboarding document' }).click();
  await shot(page, '08-job-detail');

  // The onboarding items are real: each opens its screen (the signing itself: e2e/contracting.spec.ts).
  await expect(page.getByTestId('onboarding-progress')).toHaveText('0 of 7 done');
  await page.getByRole('button', { name: /Sign CIIAA Document/ }).click();
  await expect(
    page.getByRole('heading', { name: 'Confidential Information and Invention Assignment Agreement' }),
  ).toBeVisible();
  await shot(page, '09-document');
  await page.goBack();
  await expect(page.getByRole('button', { name: 'Back to Jobs' })).toBeVisible();

  // The image task with a missing file shows the failure texts.
  await page
    .getByTestId('creative-task')
    .filter({ hasText: 'Rate the winter poster' })
    .getByRole('button', { name: 'Start' })
    .click();
  await expect(page.getByText('Image not available')).toBeVisible();
  await expect(page.getByText('File may have been moved or deleted')).toBeVisible();
  await shot(page, '10-task-image-missing');
  await page.getByRole('button', { name: 'Back to Jobs' }).click();

  // Rate the text task.
  await page.goto(`/annotate/${tasks[0]!.id}`);
  await expect(page.getByRole('heading', { name: 'Rate the summer poster copy' })).toBeVisible();
  await expect(page.getByText('Sun, sound and colour')).toBeVisible();
  const submit = page.getByRole('button', { name: 'Submit Feedback' });
  await expect(submit).toBeDisabled();
  await page.getByRole('button', { name: '4 - Strong Execution' }).click();
  await page.getByPlaceholder('Add any notes or observations about this content...').fill('Clear, warm and short.');
  await expect(submit).toBeEnabled();
  await shot(page, '11-task-text');
  // A few seconds of work, so the earning is above zero and shows as pending with its date.
  await expect
    .poll(
      async () => {
        const task = await api<{ started_at: string | null }>(
          request,
          'get',
          `/api/annotations/${tasks[0]!.id}`,
          me.token,
        );
        return task.started_at ? Date.now() - Date.parse(task.started_at) : 0;
      },
      { intervals: [250] },
    )
    .toBeGreaterThan(2000);
  await submit.click();
  const confirm = page.getByRole('dialog', { name: 'Submit Your Feedback?' });
  await expect(confirm).toContainText(
    "You're about to submit your creative feedback. You won't be able to edit it after submission.",
  );
  await expect(confirm).toContainText('Clear, warm and short.');
  await shot(page, '12-task-confirm');
  await confirm.getByRole('button', { name: 'Submit' }).click();
  // The work goes on: the job's other open task opens, Back to Jobs one click away (issue 34).
  await expect(page).toHaveURL(`/annotate/${tasks[1]!.id}`);
  await expect(page.getByText('Feedback submitted. This is the next task of the job.')).toBeVisible();
  await shot(page, '12b-next-task');
  await page.getByRole('status').getByRole('button', { name: 'Back to Jobs' }).click();
  await expect(page).toHaveURL('/jobs');

  // Earnings: pending until the provider reviews and pays out.
  await page.goto('/earnings');
  const tx = page.getByTestId('transaction').filter({ hasText: `Rate the summer poster copy - ${title}` });
  await expect(tx).toContainText('Pending');
  await expect(tx).toContainText(/\+\$\d+\.\d\d/);
  await expect(page.getByText(/^Available on /)).toBeVisible();
  await shot(page, '13-earnings');
  await page.getByRole('tab', { name: 'Payment Settings' }).click();
  await expect(page.getByText('You receive payouts every 2 weeks on Mondays')).toBeVisible();
  await shot(page, '14-earnings-settings');

  await api(request, 'post', `/api/admin/tasks/${tasks[0]!.id}/review`, admin.token, { approved: true });
  await api(request, 'post', '/api/admin/payouts', admin.token, { user_id: me.id });
  await page.reload();
  await expect(tx).toContainText('Completed');
});

test('on a phone the job details open as a full-screen sheet that Escape closes', async ({ page, candidate: me }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await signInWithToken(page, me.token, '/');
  await page.getByTestId('job-card').first().click();
  const sheet = page.getByRole('dialog');
  await expect(sheet).toBeVisible();
  const box = await sheet.boundingBox();
  expect(box?.width).toBe(375);
  await expect(sheet.getByRole('link', { name: 'Start Application' })).toBeVisible();
  await shot(page, '15-marketplace-sheet');
  await page.keyboard.press('Escape');
  await expect(sheet).toHaveCount(0);
});

test('status page without interviews, and the task screen for an unknown task', async ({ signedInPage: page }) => {
  await page.goto('/status');
  await expect(page.getByRole('heading', { name: 'Grace, your application status' })).toBeVisible();
  await expect(page.getByText('You have no applications yet.')).toBeVisible();
  await page.goto('/jobs');
  await expect(page.getByText('No active jobs yet')).toBeVisible();
  await shot(page, '16-your-jobs-empty');
  await page.goto(`/annotate/${crypto.randomUUID()}`);
  await expect(page.getByText('Task not found')).toBeVisible();
  await page.goto('/interview');
  await expect(page.getByRole('link', { name: 'View application status' })).toHaveAttribute('href', '/status');
  await expect(page.getByRole('button', { name: 'Complete Interview' })).toHaveCount(0);
});
