import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { E2E_ADMIN } from '../playwright.config';
import {
  agreeToRecording,
  api,
  bearer as auth,
  fakeMediaWithMic,
  logInThroughUi,
  mailsTo,
  signInWithToken,
} from './helpers';
import { writeFakeMicWav } from './support/fake-mic';

/**
 * The provider console end to end: the admin creates a job, a candidate takes the live interview
 * (fake camera, synthesized voice), the admin watches the recording beside the transcript, reads the
 * assessment and approves; the candidate is congratulated and e-mailed; the admin uploads a task file,
 * the candidate rates, the admin accepts and pays out; the candidate's earnings show Completed.
 */
const micWav = path.join(os.tmpdir(), `e2e-admin-mic-${process.pid}.wav`);
// Outside test-results/: every Playwright run empties that folder.
const shots = process.env.E2E_SHOTS_DIR ?? path.join(os.tmpdir(), 'admin-console-shots');
test.use({ launchOptions: fakeMediaWithMic(micWav) });
test.describe.configure({ timeout: 480_000 });

test.beforeAll(async () => {
  await writeFakeMicWav(micWav);
  fs.mkdirSync(shots, { recursive: true });
});

const shot = (page: Page, name: string) => page.screenshot({ path: path.join(shots, `${name}.png`), fullPage: true });

async function desktopPage(browser: Browser) {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  return context.newPage();
}

// The candidate the console follows: an illustrator (the job asks for illustration).
test.use({
  candidateProfile: {
    name: 'Grace Hopper',
    bio: 'Illustrator and art director',
    expertise: ['Illustration'],
    position: 'Illustrator',
    skills: ['Illustration', 'Typography'],
    resume_url: 'https://example.com/grace-resume.pdf',
    work_authorization: 'citizen',
  },
});

/** The first e-mail to `to` whose text matches `subject` (delivery is queued: poll it). */
const findOutboxMail = (to: string, subject: RegExp) => mailsTo(to).find((m) => subject.test(m)) ?? null;

// A 2x2 PNG, the media file of the image task.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP4z8DAwMDAxMDAwMDAAAANHQEDasKb6QAAAABJRU5ErkJggg==',
  'base64',
);

test('admin creates a job, reviews an interview, runs tasks and pays out', async ({
  browser,
  request,
  candidate: cand,
}) => {
  const admin = await desktopPage(browser);
  const title = `Poster Critic ${Date.now().toString(36)}`;

  // --- The admin creates a job in the console, after seeing the validation messages.
  await logInThroughUi(admin, E2E_ADMIN.email, E2E_ADMIN.password);
  // An admin lands on the console (issue 34, decision 0189).
  await expect(admin).toHaveURL(/\/admin\/jobs$/);
  await admin.goto('/admin');
  await expect(admin).toHaveURL(/\/admin\/jobs$/);
  await expect(admin.getByRole('heading', { name: 'Jobs' })).toBeVisible();
  await shot(admin, '01-jobs');
  await admin.getByRole('link', { name: 'New job' }).click();
  await admin.getByRole('button', { name: 'Create job' }).click();
  await expect(admin.getByText('Title must be at least 3 characters')).toBeVisible();
  await expect(admin.getByText('Description is required')).toBeVisible();
  await expect(admin.getByText('Position type is required')).toBeVisible();
  await admin.getByLabel('Pay per hour (USD)').fill('abc');
  await expect(admin.getByText('Pay per hour must be a number')).toBeVisible();
  await shot(admin, '02-job-form-errors');

  await admin.getByLabel('Title', { exact: true }).fill(title);
  await admin
    .getByLabel('Description', { exact: true })
    .fill('Rate illustrated posters for composition, colour and typography.');
  await admin.getByLabel('Position type').fill('Part-time contract');
  // A high rate, so even a few seconds of rating earn a visible amount.
  await admin.getByLabel('Pay per hour (USD)').fill('360');
  await admin.getByLabel('Availability').fill('10-20 hours a week, US time zones');
  await admin.getByLabel('Interview type').selectOption('custom_questions');
  await admin.getByRole('button', { name: 'Add skill' }).click();
  await admin.getByLabel('Skill 1 name').fill('Illustration');
  await admin.getByLabel('Skill 1 description').fill('A trained eye for composition');
  await admin.getByRole('button', { name: 'Add question' }).click();
  await admin.getByLabel('Question 1', { exact: true }).fill('How do you give critique on a poster?');
  await admin.getByRole('button', { name: 'Create job' }).click();
  await expect(admin).toHaveURL(/\/admin\/jobs$/);
  const jobRow = admin.getByRole('row').filter({ hasText: title });
  await expect(jobRow).toContainText('$360.00/h');
  await expect(jobRow).toContainText('Active');

  const jobs = (await (await request.get('/api/jobs')).json()) as { id: string; title: string }[];
  const job = jobs.find((j) => j.title === title)!;
  expect(job).toBeTruthy();

  // Editing keeps every field and saves a change.
  await jobRow.getByRole('link', { name: `Edit ${title}` }).click();
  await expect(admin.getByLabel('Skill 1 name')).toHaveValue('Illustration');
  await expect(admin.getByLabel('Question 1', { exact: true })).toHaveValue('How do you give critique on a poster?');
  await admin.getByLabel('Availability').fill('15-20 hours a week, US time zones');
  await shot(admin, '03-job-edit');
  await admin.getByRole('button', { name: 'Save changes' }).click();
  await expect(admin).toHaveURL(/\/admin\/jobs$/);
  expect(((await (await request.get(`/api/jobs/${job.id}`)).json()) as { availability: string }).availability).toBe(
    '15-20 hours a week, US time zones',
  );

  // --- A candidate takes the live interview for the job.
  const { email } = cand;
  const candidate = await desktopPage(browser);
  await signInWithToken(candidate, cand.token, `/job-application-onboarding?jobId=${job.id}`);
  await agreeToRecording(candidate);
  const start = candidate.getByRole('button', { name: 'Start Interview' });
  await expect(start).toBeEnabled({ timeout: 20_000 });
  await start.click();
  await expect(candidate).toHaveURL(/\/realtime-interview\/[0-9a-f-]{36}/);
  const interviewId = new URL(candidate.url()).pathname.split('/').pop()!;
  await expect(candidate.getByText('Recording', { exact: true })).toBeVisible({ timeout: 30_000 });
  // The synthesized voice answers; wait until the server has transcribed it and the AI replied.
  await expect(candidate.getByTestId('captions').getByText('You', { exact: true }).first()).toBeVisible({
    timeout: 120_000,
  });
  await expect(candidate.getByTestId('ai-orb')).toHaveAttribute('data-speaking', 'true', { timeout: 60_000 });
  await candidate.getByRole('button', { name: 'End Interview' }).click();
  // End asks first (issue 25).
  await candidate
    .getByRole('dialog', { name: 'End the interview?' })
    .getByRole('button', { name: 'End interview' })
    .click();
  const modal = candidate.getByRole('dialog');
  await expect(modal.getByRole('heading', { name: 'Thanks for interviewing!' })).toBeVisible({ timeout: 30_000 });
  await modal.getByRole('button', { name: 'Continue to status' }).click();
  await expect(candidate.getByText('Your interview is under review')).toBeVisible();

  // The "interview received" e-mail is in the outbox.
  await expect
    .poll(() => findOutboxMail(email, /^Subject: We received your interview/m), { timeout: 20_000 })
    .not.toBeNull();

  // --- The admin finds the applicant, watches the recording next to the transcript, reads the assessment.
  await admin.getByRole('link', { name: 'Applicants', exact: true }).click();
  await admin.getByLabel('Job', { exact: true }).selectOption(job.id);
  await expect(admin.getByRole('heading', { name: `Applicants: ${title}` })).toBeVisible();
  const applicant = admin.getByRole('row').filter({ hasText: 'Grace Hopper' });
  await expect(applicant).toContainText(/Under review|Completed/);
  await shot(admin, '04-applicants');
  await applicant.getByRole('link', { name: 'Review interview of Grace Hopper' }).click();
  await expect(admin).toHaveURL(`/admin/interviews/${interviewId}`);
  await expect(admin.getByRole('heading', { name: 'Grace Hopper' })).toBeVisible();

  const video = admin.getByTestId('interview-recording');
  await expect(video).toBeVisible({ timeout: 30_000 });
  await expect
    .poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState), { timeout: 20_000 })
    .toBeGreaterThanOrEqual(1);
  const transcript = admin.getByRole('list', { name: 'Transcript' });
  await expect(transcript.getByRole('button').first()).toContainText('Interviewer:');
  const candidateLine = transcript.getByRole('button').filter({ hasText: 'Candidate:' }).first();
  await expect(candidateLine).toBeVisible();
  // Clicking a line seeks the recording to it (and plays from there).
  const [min, sec] = ((await candidateLine.locator('span').first().textContent()) ?? '0:00').split(':').map(Number);
  const offset = min! * 60 + sec!;
  await candidateLine.click();
  await expect
    .poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 10_000 })
    .toBeGreaterThanOrEqual(Math.max(0, offset - 0.5));
  await expect(candidateLine).toHaveAttribute('aria-current', 'true');

  // The assessment arrives from the background job; its method is labelled.
  const assessment = admin.getByRole('region', { name: 'AI assessment' });
  await expect(assessment.getByText('Built-in assessment')).toBeVisible({ timeout: 30_000 });
  await expect(assessment).toContainText('Rubric rubric-v1');
  await expect(assessment).toContainText(/Needs human review|Advance|Consider|Do not advance/);
  await video.evaluate((v: HTMLVideoElement) => v.pause());
  await shot(admin, '05-interview-review');

  const decision = admin.getByRole('region', { name: 'Decision' });
  await decision.getByLabel('Note to the candidate (optional)').fill('Your critique of the poster was excellent.');
  await decision.getByRole('button', { name: 'Approve' }).click();
  // Approve and Reject ask to confirm (issue 43 item 16).
  await admin
    .getByRole('dialog', { name: /^Approve .+\?$/ })
    .getByRole('button', { name: 'Approve' })
    .click();
  await expect(decision).toContainText('Approved on');
  await expect(decision).toContainText('Your critique of the poster was excellent.');

  // --- The candidate is congratulated, and e-mailed.
  await candidate.goto(`/status?interviewId=${interviewId}`);
  await expect(candidate.getByText('Congratulations!')).toBeVisible();
  await expect
    .poll(() => findOutboxMail(email, /^Subject: Congratulations! You've been approved for /m), { timeout: 20_000 })
    .not.toBeNull();
  const approvedMail = findOutboxMail(email, /^Subject: Congratulations!/m)!;
  expect(approvedMail.replace(/=\r?\n/g, '')).toContain('Your critique of the poster was excellent.');

  // --- The admin uploads a task file (a text item and an image uploaded through storage).
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-tasks-'));
  const taskFile = path.join(dir, 'tasks.csv');
  fs.writeFileSync(
    taskFile,
    [
      'task_name,title,data_type,text,media_file,instructions',
      'Rate the festival copy,Festival copy,text,"Sun, sound and colour: three days of music.",,Judge clarity and tone.',
      'Rate the winter poster,Winter poster,image,,winter.png,Judge composition.',
    ].join('\n'),
  );
  fs.writeFileSync(path.join(dir, 'winter.png'), PNG);
  await admin.getByRole('link', { name: 'Tasks', exact: true }).click();
  await admin.getByLabel('Job', { exact: true }).selectOption(job.id);
  await admin.getByLabel('Task file (JSON or CSV)').setInputFiles(taskFile);
  await expect(admin.getByTestId('task-file-summary')).toHaveText('2 tasks ready, 1 media file(s) to upload.');
  await admin.getByLabel('Media files (optional)').setInputFiles(path.join(dir, 'winter.png'));
  await expect(admin.getByLabel(/Spread evenly across accepted candidates \(1\)/)).toBeChecked();
  await admin.getByRole('button', { name: 'Create 2 tasks' }).click();
  await expect(admin.getByRole('status').filter({ hasText: 'Created 2 tasks; 2 assigned.' })).toBeVisible();
  const progress = admin.getByRole('table', { name: 'Progress per candidate' });
  await expect(progress.getByRole('row').filter({ hasText: 'Grace Hopper' })).toContainText('0 / 2');
  await shot(admin, '06-tasks');
  await expect
    .poll(() => findOutboxMail(email, /^Subject: You have 2 new creative tasks/m), { timeout: 20_000 })
    .not.toBeNull();

  // --- The candidate rates both tasks.
  const mine = (await (
    await request.get(`/api/annotations/user/${cand.id}`, { headers: auth(cand.token) })
  ).json()) as {
    id: string;
    task_name: string;
  }[];
  expect(mine.map((t) => t.task_name).sort()).toEqual(['Rate the festival copy', 'Rate the winter poster']);
  for (const t of mine) {
    await candidate.goto(`/annotate/${t.id}`);
    await expect(candidate.getByRole('heading', { name: t.task_name })).toBeVisible();
    if (t.task_name === 'Rate the winter poster') {
      await expect(candidate.getByRole('img', { name: 'Winter poster' })).toBeVisible();
    }
    // A few seconds of work, so the earning is above zero: the server has had the task open for 2 s.
    await expect
      .poll(
        async () => {
          const task = await api<{ started_at: string | null }>(request, 'get', `/api/annotations/${t.id}`, cand.token);
          return task.started_at ? Date.now() - Date.parse(task.started_at) : 0;
        },
        { intervals: [250] },
      )
      .toBeGreaterThan(2000);
    await candidate.getByRole('button', { name: '4 - Strong Execution' }).click();
    await candidate.getByPlaceholder('Add any notes or observations about this content...').fill('Clear and bold.');
    await candidate.getByRole('button', { name: 'Submit Feedback' }).click();
    await candidate.getByRole('dialog').getByRole('button', { name: 'Submit' }).click();
    // After a submit the job's next task opens, or the jobs list when none is left (issue 34).
    await candidate.waitForURL((url) => url.pathname !== `/annotate/${t.id}`);
  }

  // --- The admin accepts the submitted ratings.
  await admin.reload();
  await admin.getByLabel('Review', { exact: true }).selectOption('waiting');
  const tasksTable = admin.getByRole('table', { name: 'Tasks' });
  await expect(tasksTable.getByRole('row')).toHaveCount(3);
  await expect(tasksTable).toContainText('4 / 5');
  await expect(tasksTable).toContainText('Clear and bold.');
  await shot(admin, '07-tasks-review');
  await tasksTable.getByRole('button', { name: 'Accept Rate the festival copy' }).click();
  await tasksTable.getByRole('button', { name: 'Accept Rate the winter poster' }).click();
  await expect(admin.getByText('No tasks match.')).toBeVisible();
  await expect(progress.getByRole('row').filter({ hasText: 'Grace Hopper' })).toContainText('2 / 2');

  // --- The admin pays out, sees the history and exports it.
  await admin.getByRole('link', { name: 'Payouts', exact: true }).click();
  const balances = admin.getByRole('table', { name: 'Balances' });
  const balanceRow = balances.getByRole('row').filter({ hasText: 'Grace Hopper' });
  await expect(balanceRow).toBeVisible();
  await shot(admin, '08-payouts-before');
  await admin.getByRole('button', { name: 'Pay out all available' }).click();
  const confirm = admin.getByRole('dialog', { name: 'Confirm payout' });
  await confirm.getByRole('button', { name: 'Pay out' }).click();
  await expect(admin.getByRole('status').filter({ hasText: /^Paid \$\d+\.\d\d to 1 candidate/ })).toBeVisible();
  await expect(admin.getByText('No available balances to pay.')).toBeVisible();
  const history = admin.getByRole('table', { name: 'Payout history' });
  await expect(history.getByRole('row')).toHaveCount(2);
  const download = admin.waitForEvent('download');
  await history.getByRole('button', { name: /^Export payout of .* as CSV$/ }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^payout-\d{4}-\d{2}-\d{2}-[0-9a-f]{8}\.csv$/);
  const csv = fs.readFileSync(await file.path(), 'utf8');
  // Every field quoted (apps/server/src/lib/csv.ts, decision 0141).
  expect(csv.split('\r\n')[0]).toBe(
    '"payout_id","paid_at","user_id","email","name","transaction_id","task_name","job_title","hours","amount_usd"',
  );
  expect(csv).toContain(`,"${email}","Grace Hopper",`);
  expect(csv.trim().split('\r\n')).toHaveLength(3);
  await shot(admin, '09-payouts-after');
  await expect.poll(() => findOutboxMail(email, /^Subject: Payout sent: \$/m), { timeout: 20_000 }).not.toBeNull();

  // --- The candidate's earnings show the paid work as Completed.
  await candidate.goto('/earnings');
  const rows = candidate.getByTestId('transaction');
  await expect(rows).toHaveCount(2);
  for (const name of ['Rate the festival copy', 'Rate the winter poster']) {
    const row = rows.filter({ hasText: `${name} - ${title}` });
    await expect(row).toContainText('Completed');
    await expect(row).toContainText(/\+\$\d+\.\d\d/);
  }
  await shot(candidate, '11-candidate-earnings');

  // The candidate page in the console sums it up.
  await admin.getByRole('link', { name: 'Applicants', exact: true }).click();
  await admin.getByRole('link', { name: 'Grace Hopper' }).first().click();
  await expect(admin.getByRole('heading', { name: 'Grace Hopper' })).toBeVisible();
  await expect(admin.getByRole('region', { name: 'Tasks' })).toContainText('Accepted2');
  await shot(admin, '10-candidate');
});

test('a candidate cannot open the console', async ({ page, request, candidate: { token } }) => {
  await signInWithToken(page, token, '/admin/payouts');
  await expect(page).toHaveURL(/\/$/);
  const res = await request.get('/api/admin/payouts', { headers: auth(token) });
  expect(res.status()).toBe(403);
});

test("the admin sees the background work on the console's health page", async ({ browser, request }) => {
  const admin = await desktopPage(browser);
  await logInThroughUi(admin, E2E_ADMIN.email, E2E_ADMIN.password);
  await expect(admin).toHaveURL(/\/admin\/jobs$/);
  await admin.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Health' }).click();
  await expect(admin.getByRole('heading', { name: 'Health', level: 1 })).toBeVisible();
  // One process (ROLE=all): it runs the heavy jobs itself, as a worker would, so no stand-in warning.
  await expect(admin.getByRole('region', { name: 'This instance' })).toContainText(
    'All (web and worker in one process)',
  );
  await expect(admin.getByRole('alert')).toHaveCount(0);
  const queues = admin.getByRole('table', { name: 'Queues' });
  await expect(queues.getByRole('row', { name: 'careful-transcript' })).toContainText('Worker (heavy slots)');
  await expect(queues.getByRole('row', { name: 'assess-interview' })).toBeVisible();
  await expect(admin.getByRole('table', { name: 'Worker instances' }).getByRole('row')).toHaveCount(2);
  await expect(admin.getByRole('region', { name: 'Careful passes' })).toContainText(
    /Interviews assessed on the live transcript in the last 24 hours: \d+/,
  );
  // The same figures are the admin's only.
  const res = await request.get('/api/admin/health');
  expect(res.status()).toBe(401);
});
