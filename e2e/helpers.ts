import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import crypto from 'node:crypto';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import config from '../playwright.config';
import { spokenAnswerChunks } from './support/fake-mic';

export const uniqueEmail = (prefix = 'user') => `${prefix}-${crypto.randomUUID().slice(0, 8)}@e2e.test`;

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** One API call as `token`; fails the test with the status and body when the reply is not 2xx. */
export async function api<T>(
  request: APIRequestContext,
  method: 'get' | 'post' | 'put' | 'patch' | 'delete',
  url: string,
  token: string,
  data?: unknown,
): Promise<T> {
  const res = await request[method](url, { headers: bearer(token), data });
  expect(res.ok(), `${method.toUpperCase()} ${url} → ${res.status()} ${await res.text()}`).toBeTruthy();
  return (await res.json()) as T;
}

// ---- accounts ----

/** A new account through the API; returns its token and id. */
export async function registerViaApi(request: APIRequestContext, email = uniqueEmail('p1'), password = 'secret123') {
  const res = await request.post('/api/auth/register', { data: { email, password } });
  expect(res.ok()).toBeTruthy();
  const body = (await res.json()) as { token: string; user: { id: string } };
  return { email, password, token: body.token, userId: body.user.id };
}

/** Completes the profile through the API (the onboarding journey covers the UI). */
export async function completeViaApi(request: APIRequestContext, token: string, payload: Record<string, unknown>) {
  const res = await request.put('/api/profile/complete', { headers: bearer(token), data: payload });
  expect(res.ok(), await res.text()).toBeTruthy();
}

export async function loginViaApi(request: APIRequestContext, email: string, password: string) {
  const res = await request.post('/api/auth/login', { data: { email, password } });
  expect(res.ok()).toBeTruthy();
  return (await res.json()) as { token: string; user: { id: string } };
}

/**
 * Opens `path` with a stored session token. The token is written by an init script before the app's
 * first document runs, once per tab: a token written with `page.evaluate` and followed by
 * `page.goto` is sometimes missing in the next document (Chromium hands storage writes to the
 * browser process asynchronously; about 1 run in 10 here), which signed the user out at random.
 */
export async function signInWithToken(page: Page, token: string, path: string) {
  await page.addInitScript((t) => {
    if (sessionStorage.getItem('e2e-token-written')) return;
    sessionStorage.setItem('e2e-token-written', '1');
    localStorage.setItem('token', t);
  }, token);
  await page.goto(path);
}

/**
 * Forgets the stored session and waits until a freshly loaded page agrees (same storage race as
 * above, the other way round).
 */
export async function forgetStoredSession(page: Page) {
  await page.evaluate(() => localStorage.clear());
  await expect
    .poll(async () => {
      await page.goto('/privacy');
      return page.evaluate(() => localStorage.getItem('token'));
    })
    .toBeNull();
}

/** Signs up through the real form and waits for the redirect to onboarding. */
export async function signUpThroughUi(page: Page, email = uniqueEmail(), password = 'secret123') {
  await page.goto('/signup');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page).toHaveURL(/\/onboarding$/);
  return { email, password };
}

export async function logInThroughUi(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

// ---- browser ----

/** The base Chromium flags of playwright.config.ts plus extra ones (e.g. fake camera and mic). */
export function launchWith(...extra: string[]) {
  const base = config.use?.launchOptions ?? {};
  return { ...base, args: [...(base.args ?? []), ...extra] };
}

export const FAKE_MEDIA = ['--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream'];

/** Fake camera plus a WAV file as the microphone (it loops), with audio allowed to autoplay. */
export const fakeMediaWithMic = (micWav: string) =>
  launchWith(
    ...FAKE_MEDIA,
    `--use-file-for-fake-audio-capture=${micWav}`,
    '--autoplay-policy=no-user-gesture-required',
  );

/** Waits until the page has painted twice, e.g. after a viewport change, before a screenshot. */
export const painted = (page: Page) =>
  page.evaluate(() => new Promise<void>((done) => requestAnimationFrame(() => requestAnimationFrame(() => done()))));

// ---- screens ----

/**
 * Acknowledges the AI notice and ticks the recording consent: what a recorded interview needs before
 * "Start Interview" (issue 35 added the notice).
 */
export async function agreeToRecording(page: Page) {
  await page.getByRole('checkbox', { name: AI_NOTICE_ACKNOWLEDGEMENT }).check();
  await page.getByRole('checkbox', { name: /I agree that this interview is recorded/ }).check();
}

/** The AI notice's acknowledgement checkbox. */
export const AI_NOTICE_ACKNOWLEDGEMENT = /I have read this notice and agree that an AI system assists/;

/** The two consents the equipment check records (AI notice, recording), given by API for tests that skip it. */
export async function giveInterviewConsents(request: APIRequestContext, token: string, jobId: string) {
  for (const purpose of ['ai_assessment', 'interview_recording']) {
    const res = await request.post('/api/consents', {
      headers: { authorization: `Bearer ${token}` },
      data: { purpose, job_id: jobId },
    });
    if (res.status() !== 201) throw new Error(`consent ${purpose} failed: ${res.status()}`);
  }
}

/** Picks a country in a CountrySelect by its label. */
export async function pickCountry(page: Page, label: string, country: string) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByPlaceholder('Search countries...').fill(country);
  await page.getByRole('option', { name: country, exact: true }).click();
  await expect(page.getByRole('combobox', { name: label })).toHaveText(country);
}

// ---- files and mail ----

/** A small, real one-page PDF resume. */
export async function makePdfResume(
  lines = [
    'Maria Gonzalez',
    'Motion Designer',
    'maria.gonzalez@example.com | +1 (415) 555-0134 | San Francisco, CA',
    'Experience',
    'Senior Motion Designer, Pixel Forge Studio',
    'Jan 2019 - Present',
    'Education',
    'Bachelor of Fine Arts in Animation',
    'California College of the Arts, 2015',
    'Skills',
    'After Effects, Cinema 4D, Figma, Blender',
  ],
): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([612, 792]);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  lines.forEach((line, i) => page.drawText(line, { x: 50, y: 740 - i * 18, size: 11, font }));
  return Buffer.from(await doc.save());
}

/**
 * The e-mails the e2e server wrote to `to`, decoded (quoted-printable). Without SMTP the server writes
 * each message to DATA_DIR/outbox; DATA_DIR is a fresh tm-e2e-* temporary folder (playwright.config.ts,
 * evaluated anew in each process), so a message is found by its unique recipient.
 */
export function mailsTo(to: string): string[] {
  const outboxes = fs
    .readdirSync(os.tmpdir())
    .filter((d) => d.startsWith('tm-e2e-'))
    .map((d) => path.join(os.tmpdir(), d, 'outbox'))
    .filter((d) => fs.existsSync(d));
  return outboxes
    .flatMap((dir) =>
      fs
        .readdirSync(dir)
        .filter((f) => f.endsWith('.eml'))
        .map((f) => path.join(dir, f)),
    )
    .map((file) =>
      fs
        .readFileSync(file, 'utf8')
        .replace(/=\r?\n/g, '')
        .replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16))),
    )
    .filter((text) => text.includes(`To: ${to}`));
}

// ---- the provider's side ----

/**
 * Starts a candidate's live interview over the socket, as the interview screen does, and answers
 * with synthesized speech (an interview without an answer is not sent to review, decision 0149):
 * once with the standard answer, or each of `answers` in turn, each after the interviewer has
 * finished speaking. Resolves with the interview's id once the server has heard the last answer;
 * the interview is then in progress.
 */
export async function startAnsweredInterview(
  page: Page,
  candidate: { token: string; id: string; name: string },
  jobId: string,
  answers?: string[],
): Promise<string> {
  const spoken = await Promise.all((answers ?? [undefined]).map((text) => spokenAnswerChunks(text)));
  return page.evaluate(
    async ({ token, jobId, candidateId, name, sessionId, interviewId, spoken }) => {
      // The equipment check records the acknowledged AI notice and the recording consent before a recorded interview.
      for (const purpose of ['ai_assessment', 'interview_recording'])
        await fetch('/api/consents', {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify({ purpose, job_id: jobId }),
        });
      return new Promise<string>((resolve, reject) => {
        const ws = new WebSocket(`${location.origin.replace(/^http/, 'ws')}/ws/session?token=${token}`);
        const limit = 120 * spoken.length;
        const timer = setTimeout(() => reject(new Error(`the answers were not heard within ${limit} s`)), limit * 1000);
        let id = '';
        let next = 0;
        let speaking = false;
        // Each answer goes at real time, after the interviewer's line, as a microphone would.
        const speak = () => {
          if (speaking || next >= spoken.length) return;
          speaking = true;
          spoken[next++]!.forEach((audio_b64, seq) =>
            setTimeout(() => ws.send(JSON.stringify({ event: 'mic_chunk', seq, audio_b64 })), seq * 100),
          );
        };
        ws.onopen = () =>
          ws.send(
            JSON.stringify({
              event: 'start',
              session_id: sessionId,
              interview_id: interviewId,
              job_id: jobId,
              candidate_id: candidateId,
              candidate_name: name,
            }),
          );
        ws.onmessage = (e) => {
          const msg = JSON.parse(String(e.data)) as {
            event: string;
            interview_id?: string;
            message?: string;
            recoverable?: boolean;
            speaker?: string;
            final?: boolean;
          };
          if (msg.event === 'session_ready') {
            id = msg.interview_id!;
            setTimeout(speak, 8_000);
          } else if (msg.event === 'answer_end') speak();
          else if (msg.event === 'transcript' && msg.speaker === 'user' && msg.final) {
            speaking = false;
            if (next < spoken.length) return;
            clearTimeout(timer);
            ws.close();
            resolve(id);
          } else if (msg.event === 'error' && msg.recoverable === false) {
            clearTimeout(timer);
            reject(new Error(msg.message));
          }
        };
      });
    },
    {
      token: candidate.token,
      jobId,
      candidateId: candidate.id,
      name: candidate.name,
      sessionId: crypto.randomUUID(),
      interviewId: crypto.randomUUID(),
      spoken,
    },
  );
}

/** A candidate accepted for a job: an answered interview, completed, then approved by the admin. */
export async function acceptForJob(
  page: Page,
  request: APIRequestContext,
  adminToken: string,
  candidate: { token: string; id: string; name: string },
  jobId: string,
) {
  const interviewId = await startAnsweredInterview(page, candidate, jobId);
  await api(request, 'post', `/api/interviews/${interviewId}/complete`, candidate.token);
  await api(request, 'post', `/api/admin/interviews/${interviewId}/decision`, adminToken, { decision: 'approved' });
}

// ---- phone and desktop ----

/** With SCREENSHOT_DIR set, atBothWidths captures each screen there as `{name}-{width}.png`. */
const widthShotDir = process.env.SCREENSHOT_DIR;
const WIDTHS = [1280, 390] as const;

/** Runs `check` at each width (the console's menu collapses below 768 px), capturing each screen. */
export async function atBothWidths(page: Page, name: string, check: (width: number) => Promise<void>) {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await painted(page);
    await check(width);
    if (widthShotDir) {
      fs.mkdirSync(widthShotDir, { recursive: true });
      await page.screenshot({ path: path.join(widthShotDir, `${name}-${width}.png`), fullPage: true });
    }
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** Opens a console page from its navigation, through the menu on a phone. */
export async function openFromNav(page: Page, label: string, width: number) {
  if (width < 768) await page.getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: label }).click();
}
