import os from 'node:os';
import path from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { fakeMediaWithMic, uniqueEmail } from './helpers';
import { writeFakeMicWav } from './support/fake-mic';

/**
 * The live AI interview in Chromium with a fake camera and a synthesized candidate voice: from the
 * equipment check to the end modal and /status, with the recording uploaded and playable; and the
 * practice run at /interview-prep, which keeps nothing.
 */
const micWav = path.join(os.tmpdir(), `e2e-interview-mic-${process.pid}.wav`);
test.use({ launchOptions: fakeMediaWithMic(micWav) });
test.describe.configure({ timeout: 240_000 });

test.beforeAll(async () => {
  await writeFakeMicWav(micWav);
});

const auth = (token: string) => ({ authorization: `Bearer ${token}` });

async function candidateWithProfile(request: APIRequestContext) {
  const reg = await request.post('/api/auth/register', {
    data: { email: uniqueEmail('interview'), password: 'secret123' },
  });
  expect(reg.ok()).toBeTruthy();
  const { token, user } = (await reg.json()) as { token: string; user: { id: string } };
  const res = await request.put('/api/profile/complete', {
    headers: auth(token),
    data: {
      name: 'Ada Lovelace',
      bio: 'Graphic designer and illustrator',
      expertise: ['Graphic Design'],
      position: 'Graphic Designer',
      skills: ['Figma', 'Photoshop'],
      resume_url: 'https://example.com/ada-resume.pdf',
      work_authorization: 'citizen',
    },
  });
  expect(res.ok(), await res.text()).toBeTruthy();
  return { token, userId: user.id };
}

async function firstActiveJob(request: APIRequestContext) {
  const body = (await (await request.get('/api/jobs')).json()) as unknown;
  const jobs = (Array.isArray(body) ? body : (body as { items: unknown[] }).items) as {
    id: string;
    title: string;
    status: string;
  }[];
  const job = jobs.find((j) => j.status === 'active');
  expect(job).toBeTruthy();
  return job!;
}

async function signIn(page: Page, token: string, to: string) {
  await page.goto('/login');
  await page.evaluate((t) => localStorage.setItem('token', t), token);
  await page.goto(to);
}

test('a candidate takes the live interview, ends it and the recording is stored and playable', async ({
  page,
  request,
}) => {
  const { token, userId } = await candidateWithProfile(request);
  const job = await firstActiveJob(request);
  const consoleErrors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') consoleErrors.push(m.text());
  });

  await signIn(page, token, `/job-application-onboarding?jobId=${job.id}`);
  const start = page.getByRole('button', { name: 'Start Interview' });
  await expect(start).toBeEnabled({ timeout: 20_000 });
  await start.click();
  await expect(page).toHaveURL(/\/realtime-interview\/[0-9a-f-]{36}\?jobId=/);
  const interviewId = new URL(page.url()).pathname.split('/').pop()!;

  // The job title heads the screen; the session connects, records, and the AI starts talking.
  await expect(page.getByRole('heading', { name: job.title })).toBeVisible();
  await expect(page.getByText('Recording', { exact: true })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('ai-orb')).toHaveAttribute('data-speaking', 'true', { timeout: 30_000 });
  await expect(page.getByTestId('captions')).toContainText('Interviewer');
  await expect(page.getByTitle('Mute')).toBeEnabled();

  // The synthesized candidate answers; the server transcribes it and the AI replies.
  const captions = page.getByTestId('captions');
  await expect(captions.getByText('You', { exact: true }).first()).toBeVisible({ timeout: 90_000 });
  await expect(page.getByTestId('ai-orb')).toHaveAttribute('data-speaking', 'true', { timeout: 60_000 });

  // Interrupting silences the AI at once (its scheduled audio is dropped).
  await page.getByRole('button', { name: 'Interrupt' }).click();
  await expect(page.getByTestId('ai-orb')).toHaveAttribute('data-speaking', 'false', { timeout: 2_000 });

  // Mute toggles the title; unmute again.
  await page.getByTitle('Mute').click();
  await expect(page.getByTitle('Unmute')).toBeVisible();
  await page.getByTitle('Unmute').click();

  await page.getByRole('button', { name: 'End Interview' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: 'Thanks for interviewing!' })).toBeVisible({ timeout: 30_000 });
  await expect(
    dialog.getByText("We're reviewing your conversation and will email you as soon as the hiring team has next steps."),
  ).toBeVisible();
  await expect(dialog.locator('blockquote')).not.toBeEmpty();
  await expect(page.getByTitle('Mute')).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Ended' })).toBeDisabled();

  await dialog.getByRole('button', { name: 'Continue to status' }).click();
  await expect(page).toHaveURL(/\/status(\?interviewId=.*)?$/);

  // The interview is completed and belongs to the candidate.
  const interview = await request.get(`/api/interviews/${interviewId}`, { headers: auth(token) });
  expect(interview.ok()).toBeTruthy();
  const row = (await interview.json()) as { status: string; candidate_id: string };
  expect(row.candidate_id).toBe(userId);
  expect(['completed', 'under_review', 'approved', 'rejected']).toContain(row.status);

  // The recording was uploaded: webm bytes, and a real video the browser can decode.
  const rec = await request.get(`/api/interviews/${interviewId}/recording`, { headers: auth(token) });
  expect(rec.status()).toBe(200);
  expect(rec.headers()['content-type']).toBe('video/webm');
  const bytes = await rec.body();
  expect(bytes.subarray(0, 4).toString('hex')).toBe('1a45dfa3');
  expect(bytes.length).toBeGreaterThan(20_000);
  const media = await page.evaluate(
    async ({ id, t }) => {
      const res = await fetch(`/api/interviews/${id}/recording`, { headers: { authorization: `Bearer ${t}` } });
      const video = document.createElement('video');
      video.muted = true;
      video.src = URL.createObjectURL(await res.blob());
      await new Promise<void>((resolve, reject) => {
        video.onloadeddata = () => resolve();
        video.onerror = () => reject(new Error(`video error ${video.error?.code}`));
      });
      // Play a moment to see that the mixed voice track decodes too (Chromium's counter).
      await video.play();
      await new Promise((r) => setTimeout(r, 1500));
      video.pause();
      const audioBytes = (video as HTMLVideoElement & { webkitAudioDecodedByteCount?: number })
        .webkitAudioDecodedByteCount;
      return {
        width: video.videoWidth,
        height: video.videoHeight,
        audioBytes: audioBytes ?? -1,
        duration: video.duration,
      };
    },
    { id: interviewId, t: token },
  );
  expect(media.width).toBeGreaterThan(0);
  expect(media.height).toBeGreaterThan(0);
  expect(media.audioBytes).toBeGreaterThan(0);
  // The header carries the real length, so players show a timeline and can seek.
  expect(Number.isFinite(media.duration)).toBe(true);
  expect(media.duration).toBeGreaterThan(5);

  // A seek request from the admin player: a byte range.
  const range = await request.get(`/api/interviews/${interviewId}/recording`, {
    headers: { ...auth(token), range: 'bytes=0-99' },
  });
  expect(range.status()).toBe(206);
  expect((await range.body()).length).toBe(100);

  expect(consoleErrors.filter((e) => /WebSocket|Failed to initialize/.test(e))).toEqual([]);
});

test('the practice interview asks its questions, ends by itself and stores nothing', async ({ page, request }) => {
  const { token } = await candidateWithProfile(request);
  await signIn(page, token, '/interview-prep');
  await page.getByRole('button', { name: 'Start practice' }).click();
  await expect(page.getByText('Practice', { exact: true })).toBeVisible();
  await expect(page.getByTestId('ai-orb')).toHaveAttribute('data-speaking', 'true', { timeout: 30_000 });
  await expect(page.getByText('Recording', { exact: true })).toHaveCount(0);

  // Practice has at most two questions: the candidate answers and the interviewer closes the
  // conversation itself (conversation_ended), which finalises like the End button.
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: 'Practice complete' })).toBeVisible({ timeout: 180_000 });
  await expect(page.getByTestId('captions').getByText('You', { exact: true }).first()).toBeAttached();
  await expect(dialog.locator('blockquote')).not.toBeEmpty();
  await expect(page.getByRole('button', { name: 'Ended' })).toBeDisabled();

  const list = await request.get('/api/interviews', { headers: auth(token) });
  expect(await list.json()).toEqual([]);
  await dialog.getByRole('button', { name: 'Back to Opportunities' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('reloading the page mid-interview resumes the same session', async ({ page, request }) => {
  const { token } = await candidateWithProfile(request);
  const job = await firstActiveJob(request);
  const interviewId = crypto.randomUUID();
  await signIn(page, token, `/realtime-interview/${interviewId}?jobId=${job.id}`);
  await expect(page.getByTestId('ai-orb')).toHaveAttribute('data-speaking', 'true', { timeout: 30_000 });
  const sessionId = await page.evaluate((id) => sessionStorage.getItem(`interview-session:${id}`), interviewId);
  expect(sessionId).toBeTruthy();

  await page.reload();
  await expect(page.getByTestId('session-status')).toHaveAttribute(
    'data-status',
    /ready|listening|speaking|processing/,
    {
      timeout: 30_000,
    },
  );
  await expect(page.getByRole('alert')).toHaveCount(0);
  expect(await page.evaluate((id) => sessionStorage.getItem(`interview-session:${id}`), interviewId)).toBe(sessionId);
  await expect(page.getByText('Recording', { exact: true })).toBeVisible();
  // A few seconds of conversation after the reload, so the new recording has data.
  await page.waitForTimeout(3000);

  await page.getByRole('button', { name: 'End Interview' }).click();
  await expect(page.getByRole('heading', { name: 'Thanks for interviewing!' })).toBeVisible({ timeout: 30_000 });
  const row = (await (await request.get(`/api/interviews/${interviewId}`, { headers: auth(token) })).json()) as {
    status: string;
  };
  expect(['completed', 'under_review']).toContain(row.status);
  const rec = await request.get(`/api/interviews/${interviewId}/recording`, { headers: auth(token) });
  expect(rec.status()).toBe(200);
});
