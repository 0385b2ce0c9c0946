import { expect, test } from './fixtures';
import {
  FAKE_MEDIA,
  agreeToRecording,
  completeViaApi,
  launchWith,
  makePdfResume,
  registerViaApi,
  signInWithToken,
} from './helpers';

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';

// Chromium's fake camera and microphone, with the permission prompt auto-accepted. The denied case
// below replaces getUserMedia with a rejecting one.
test.use({ launchOptions: launchWith(...FAKE_MEDIA) });

test('the application wizard from a job to the live interview URL', async ({ page, request, activeJob: job }) => {
  const { token } = await registerViaApi(request);
  await completeViaApi(request, token, { name: 'Wiz Ard', bio: 'Designer', expertise: ['Figma'] });
  await signInWithToken(page, token, `/apply?jobId=${job.id}`);

  await expect(page.getByRole('heading', { name: `Complete Your Application for ${job.title}` })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to Marketplace' })).toHaveAttribute('href', '/');
  const steps = page.getByRole('navigation', { name: 'Application steps' });
  await expect(steps.getByRole('listitem')).toHaveText([
    /Upload Resume/,
    /Work Authorization/,
    /Availability/,
    /Equipment Check/,
  ]);

  // Upload Resume (anonymous upload).
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('alert')).toHaveText('Please upload your resume');
  const uploadRequest = page.waitForRequest((r) => r.url().endsWith('/api/files/upload'));
  await page
    .getByLabel('Resume file')
    .setInputFiles({ name: 'cv.pdf', mimeType: 'application/pdf', buffer: await makePdfResume() });
  expect((await uploadRequest).headers()['authorization']).toBeUndefined();
  await expect(page.getByText('Uploaded: cv.pdf')).toBeVisible();
  await page.getByRole('button', { name: 'Next' }).click();

  // Work Authorization (the profile has none), citizenship free text.
  await expect(page.getByRole('alert')).toHaveCount(0);
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('alert')).toHaveText('Please select work authorization status');
  await page.getByLabel('Need sponsorship').check();
  await page.getByLabel('Citizenship (optional)').fill('Brazil');
  await page.getByRole('button', { name: 'Next' }).click();

  // Availability: default text, prechecked confirmation.
  await expect(page.getByTestId('availability-text')).toContainText('Remote-friendly (US time zones)');
  await expect(page.getByTestId('availability-text')).toContainText(job.position_type);
  const confirm = page.getByRole('checkbox');
  await expect(confirm).toBeChecked();
  await confirm.uncheck();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('alert')).toHaveText('Please confirm your availability');
  await confirm.check();
  await page.getByRole('button', { name: 'Next' }).click();

  // Equipment Check, then Start Interview.
  await expect(page.getByText('Camera working')).toBeVisible();
  await expect(page.getByText('Mic working')).toBeVisible();
  await agreeToRecording(page);
  const start = page.getByRole('button', { name: 'Start Interview' });
  await expect(start).toBeEnabled();
  await start.click();
  await expect(page).toHaveURL(new RegExp(`/realtime-interview/${UUID}\\?jobId=${job.id}$`));

  // Leaving Availability saved the profile.
  const me = await request.get('/api/profile/me', { headers: { authorization: `Bearer ${token}` } });
  const profile = (await me.json()) as Record<string, unknown>;
  expect(profile.work_authorization).toBe('need_sponsorship');
  expect(profile.citizenship).toBe('Brazil');
  expect(profile.resume_url).toMatch(/\/api\/files\//);
});

test('a profile with work authorization and a resume skips straight through; Back on step 1 goes to /', async ({
  page,
  request,
  activeJob: job,
}) => {
  const { token } = await registerViaApi(request);
  await completeViaApi(request, token, {
    name: 'Has All',
    bio: 'Designer',
    expertise: ['Figma'],
    work_authorization: 'citizen',
    resume_url: 'https://example.com/cv.pdf',
  });
  await signInWithToken(page, token, `/apply?jobId=${job.id}`);
  const steps = page.getByRole('navigation', { name: 'Application steps' });
  await expect(steps.getByRole('listitem')).toHaveCount(3);
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByTestId('availability-text')).toBeVisible();
  await page.getByRole('button', { name: 'Back' }).click();
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('the equipment check screen: job banner, greeting, indicators, Start Interview', async ({
  page,
  request,
  activeJob: job,
}) => {
  const { token } = await registerViaApi(request);
  await completeViaApi(request, token, { name: 'Cam Era', bio: 'Designer', expertise: ['Figma'] });
  await signInWithToken(page, token, `/job-application-onboarding?jobId=${job.id}`);

  await expect(page.getByRole('heading', { name: "Let's get you set up, Cam" })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Job' })).toContainText(job.title);
  await expect(page.getByRole('heading', { name: 'What to Expect' })).toBeVisible();
  await expect(page.getByText('A 20-30 minute conversation with our AI interviewer')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Tips for Success' })).toBeVisible();
  await expect(page.getByText('Camera working')).toBeVisible();
  await expect(page.getByText('Mic working')).toBeVisible();
  await agreeToRecording(page);
  await page.getByRole('button', { name: 'Start Interview' }).click();
  await expect(page).toHaveURL(new RegExp(`/realtime-interview/${UUID}\\?jobId=${job.id}$`));
});

test('the equipment check with camera and microphone denied shows the message and the support address', async ({
  page,
  request,
  activeJob: job,
}) => {
  const { token } = await registerViaApi(request);
  await completeViaApi(request, token, { name: 'No Cam', bio: 'Designer', expertise: ['Figma'] });
  await page.addInitScript(() => {
    navigator.mediaDevices.getUserMedia = () =>
      Promise.reject(new DOMException('Permission denied', 'NotAllowedError'));
  });
  await signInWithToken(page, token, `/job-application-onboarding?jobId=${job.id}`);
  await expect(
    page.getByText('Unable to access camera/microphone. Please allow permissions and refresh the page.'),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'support@humandata.studio' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Checking equipment...' })).toBeDisabled();
});

test('the wizard blocks a second interview, and reports a failed status check or save', async ({
  page,
  request,
  activeJob: job,
}) => {
  const { token, userId } = await registerViaApi(request);
  await completeViaApi(request, token, {
    name: 'Re Peat',
    bio: 'Designer',
    expertise: ['Figma'],
    work_authorization: 'citizen',
    resume_url: 'https://example.com/cv.pdf',
  });
  let interviews: { status: number; body: unknown } = {
    status: 200,
    body: [{ id: crypto.randomUUID(), job_id: job.id, candidate_id: userId, status: 'under_review' }],
  };
  await page.route('**/api/interviews?*', (route) =>
    route.fulfill({
      status: interviews.status,
      contentType: 'application/json',
      body: JSON.stringify(interviews.body),
    }),
  );
  await signInWithToken(page, token, `/apply?jobId=${job.id}`);
  await page.getByRole('button', { name: 'Next' }).click();

  // Leaving Availability saves the profile; a failed save shows the reply's detail and stays.
  await page.route('**/api/profile/complete', (route) =>
    route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({}) }),
  );
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('alert')).toHaveText('Failed to update profile');
  await page.unroute('**/api/profile/complete');
  await page.getByRole('button', { name: 'Next' }).click();

  await expect(page.getByText('Mic working')).toBeVisible();
  await agreeToRecording(page);
  await page.getByRole('button', { name: 'Start Interview' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    'You have already completed this interview. Visit your status page for updates.',
  );
  await expect(page).toHaveURL(/\/apply\?/);

  interviews = { status: 500, body: { detail: 'down' } };
  await agreeToRecording(page);
  await page.getByRole('button', { name: 'Start Interview' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    'Unable to verify your application status. Please refresh and try again.',
  );

  // Other statuses do not block.
  interviews = {
    status: 200,
    body: [{ id: crypto.randomUUID(), job_id: job.id, candidate_id: userId, status: 'rejected' }],
  };
  await agreeToRecording(page);
  await page.getByRole('button', { name: 'Start Interview' }).click();
  await expect(page).toHaveURL(/\/realtime-interview\//);
});

test('the wizard says when the job cannot be loaded, and the equipment screen blocks a repeat', async ({
  page,
  request,
  activeJob: job,
}) => {
  const { token, userId } = await registerViaApi(request);
  await completeViaApi(request, token, { name: 'Lo Ad', bio: 'Designer', expertise: ['Figma'] });
  await signInWithToken(page, token, `/apply?jobId=${crypto.randomUUID()}`);
  await expect(page.getByRole('alert')).toHaveText('Failed to load profile or job data');

  await page.route('**/api/interviews?*', (route) =>
    route.fulfill({
      contentType: 'application/json',
      body: JSON.stringify([{ id: crypto.randomUUID(), job_id: job.id, candidate_id: userId, status: 'approved' }]),
    }),
  );
  await page.goto(`/job-application-onboarding?jobId=${job.id}`);
  await agreeToRecording(page);
  await page.getByRole('button', { name: 'Start Interview' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    'You have already completed this interview. Visit your status page for updates instead of reapplying.',
  );
  await page.unroute('**/api/interviews?*');
  await page.route('**/api/interviews?*', (route) => route.fulfill({ status: 503, body: '' }));
  await agreeToRecording(page);
  await page.getByRole('button', { name: 'Start Interview' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    'Unable to verify your application status right now. Please refresh and try again.',
  );
});
