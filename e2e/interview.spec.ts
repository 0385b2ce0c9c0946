import os from 'node:os';
import path from 'node:path';
import { expect, test } from './fixtures';
import { agreeToRecording, bearer as auth, fakeMediaWithMic, giveInterviewConsents, signInWithToken } from './helpers';
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

test('a candidate takes the live interview, ends it and the recording is stored and playable', async ({
  page,
  request,
  candidate,
  activeJob: job,
}) => {
  const { token, id: userId } = candidate;
  const consoleErrors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') consoleErrors.push(m.text());
  });

  await signInWithToken(page, token, `/job-application-onboarding?jobId=${job.id}`);
  await agreeToRecording(page);
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
  // End asks first (issue 25).
  await page.getByRole('dialog', { name: 'End the interview?' }).getByRole('button', { name: 'End interview' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: 'Thanks for interviewing!' })).toBeVisible({ timeout: 30_000 });
  await expect(
    dialog.getByText("We're reviewing your conversation and will email you as soon as the hiring team has next steps."),
  ).toBeVisible();
  await expect(dialog.locator('blockquote')).not.toBeEmpty();
  await expect(page.getByTitle('Mute')).toBeDisabled();
  // Behind the modal dialog the screen is hidden from assistive technology, so the role query includes it.
  await expect(page.getByRole('button', { name: 'Ended', includeHidden: true })).toBeDisabled();

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
      await new Promise<void>((played) => {
        video.ontimeupdate = () => video.currentTime > 1.5 && played();
      });
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

test('the practice interview asks its questions, ends by itself and stores nothing', async ({
  page,
  request,
  candidate: { token },
}) => {
  await signInWithToken(page, token, '/interview-prep');
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
  // Behind the modal dialog the screen is hidden from assistive technology, so the role query includes it.
  await expect(page.getByRole('button', { name: 'Ended', includeHidden: true })).toBeDisabled();

  const list = await request.get('/api/interviews', { headers: auth(token) });
  expect(await list.json()).toEqual([]);
  // The practice ends on its debrief (issue 27; e2e/debrief.spec.ts looks at it).
  await dialog.getByRole('button', { name: 'See your debrief' }).click();
  await expect(page).toHaveURL(/\/interview-prep\/debrief$/);
});

test('reloading the page mid-interview resumes the same session', async ({
  page,
  request,
  candidate: { token },
  activeJob: job,
}) => {
  const interviewId = crypto.randomUUID();
  // The equipment check records this consent before a recorded interview; this test opens the interview directly.
  await giveInterviewConsents(request, token, job.id);
  await signInWithToken(page, token, `/realtime-interview/${interviewId}?jobId=${job.id}`);
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
  // The interviewer says a whole line after the reload (its voice starts, then stops), so the new
  // recording holds seconds of audio and video.
  const orb = page.getByTestId('ai-orb');
  await expect(orb).toHaveAttribute('data-speaking', 'true', { timeout: 60_000 });
  await expect(orb).toHaveAttribute('data-speaking', 'false', { timeout: 60_000 });
  // The candidate answers before ending: an interview ended before any answer is not sent to review.
  await expect
    .poll(
      async () =>
        (
          (await (await request.get(`/api/interviews/${interviewId}/transcript`, { headers: auth(token) })).json()) as {
            turns: { speaker: string }[];
          }
        ).turns.some((t) => t.speaker === 'user'),
      { timeout: 150_000 },
    )
    .toBe(true);

  await page.getByRole('button', { name: 'End Interview' }).click();
  // End asks first (issue 25).
  await page.getByRole('dialog', { name: 'End the interview?' }).getByRole('button', { name: 'End interview' }).click();
  await expect(page.getByRole('heading', { name: 'Thanks for interviewing!' })).toBeVisible({ timeout: 30_000 });
  const row = (await (await request.get(`/api/interviews/${interviewId}`, { headers: auth(token) })).json()) as {
    status: string;
  };
  expect(['completed', 'under_review']).toContain(row.status);
  const rec = await request.get(`/api/interviews/${interviewId}/recording`, { headers: auth(token) });
  expect(rec.status()).toBe(200);
});
