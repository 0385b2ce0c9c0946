import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from './fixtures';
import { fakeMediaWithMic, giveInterviewConsents, signInWithToken } from './helpers';
import { writeFakeMicWav } from './support/fake-mic';

/**
 * What the candidate sees on the live screen (issue 34): the whole conversation, kept over a reload;
 * where they are (question n of about m, time against the length); and a mute that reads "Muted".
 * Screenshots at 1280 and 390 go to SHOTS_DIR when it is set.
 */
const micWav = path.join(os.tmpdir(), `e2e-interview-screen-mic-${process.pid}.wav`);
test.use({ launchOptions: fakeMediaWithMic(micWav) });
test.describe.configure({ timeout: 240_000 });
const shots = process.env.SHOTS_DIR;

test.beforeAll(async () => {
  await writeFakeMicWav(micWav);
});

test('the transcript keeps the conversation over a reload; the counter and Muted show', async ({
  page,
  request,
  candidate: { token },
  activeJob: job,
}) => {
  const interviewId = crypto.randomUUID();
  // The AI notice and the recording consent, as the equipment check records them (issue 35).
  await giveInterviewConsents(request, token, job.id);
  await page.setViewportSize({ width: 1280, height: 800 });
  await signInWithToken(page, token, `/realtime-interview/${interviewId}?jobId=${job.id}`);

  const transcript = page.getByTestId('captions');
  const progress = page.getByTestId('interview-progress');
  await expect(progress).toContainText(/Question 1 of about \d+\s*·/, { timeout: 30_000 });
  await expect(progress).toContainText(/\d+:\d\d \/ \d+ min/);
  // The synthesized candidate answers and the interviewer goes on: a whole exchange on screen.
  await expect(transcript.getByText('You', { exact: true }).first()).toBeVisible({ timeout: 90_000 });
  await expect(transcript.getByText('Interviewer', { exact: true })).toHaveCount(2, { timeout: 60_000 });
  const before = await transcript.locator('p').allInnerTexts();
  if (shots) await page.screenshot({ path: `${shots}/live-1280.png` });

  // A reload restores every line said so far, from the server's stored turns.
  await page.reload();
  await expect(page.getByTestId('session-status')).toHaveAttribute(
    'data-status',
    /ready|listening|speaking|processing/,
    {
      timeout: 30_000,
    },
  );
  const said = before.map((line) => line.replace(/^(INTERVIEWER|YOU)\s*/i, ''));
  // The greeting and the answer were whole turns: both come back, and the greeting only once (the
  // looping test microphone may well say the same answer again).
  for (const line of said.slice(0, 2)) await expect(transcript).toContainText(line);
  expect((await transcript.innerText()).split(said[0] ?? '').length - 1).toBe(1);
  // The reload may cut the interviewer's second line before the candidate heard it; then the record
  // keeps what was heard and "Welcome back." asks its question again. Either way the question is there.
  await expect(transcript.getByText('Welcome back.', { exact: false })).toBeVisible({ timeout: 30_000 });
  const question = said[2]
    ?.match(/[^.!?]*\?/g)
    ?.at(-1)
    ?.trim();
  if (question) await expect(transcript).toContainText(question);

  // Muted reads "Muted" on the chip and the orb until unmuted.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByTitle('Mute').click();
  await expect(page.getByTestId('session-status')).toHaveText('Muted');
  await expect(page.getByText('Muted', { exact: true })).toHaveCount(2);
  if (shots) await page.screenshot({ path: `${shots}/live-390-muted.png` });
  await page.getByTitle('Unmute').click();
  await expect(page.getByTestId('session-status')).not.toHaveText('Muted');
  if (shots) fs.mkdirSync(shots, { recursive: true });
});
