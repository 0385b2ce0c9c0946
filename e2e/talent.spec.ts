import crypto from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from './fixtures';
import {
  agreeToRecording,
  api,
  bearer,
  completeViaApi,
  fakeMediaWithMic,
  mailsTo,
  registerViaApi,
  signInWithToken,
  uniqueEmail,
} from './helpers';
import { writeFakeMicWav } from './support/fake-mic';

/**
 * Talent search end to end (decision 0165): a candidate's live interview is searchable by what they
 * said; the provider searches, narrows by a facet, opens a transcript snippet at its second,
 * shortlists two people for a job and invites one, who is e-mailed and finds the job as applied.
 */
const micWav = path.join(os.tmpdir(), `e2e-talent-mic-${process.pid}.wav`);
test.use({ launchOptions: fakeMediaWithMic(micWav) });
test.describe.configure({ timeout: 420_000 });
test.beforeAll(async () => writeFakeMicWav(micWav));

/** Letters only, so that the search parser reads it as one word. */
const tag = () =>
  Array.from(crypto.randomBytes(8), (b) => String.fromCharCode(97 + (b % 26)))
    .join('')
    .replace(/^/, 'zq');

test('the provider finds people by what they said, shortlists two and invites one', async ({
  browser,
  request,
  admin,
  activeJob,
}) => {
  const word = tag();
  const people = [
    { name: 'Talia Brandt', country: 'Canada' },
    { name: 'Tobias Lund', country: 'Canada' },
    { name: 'Camille Roux', country: 'France' },
  ];
  const accounts = [];
  for (const p of people) {
    const account = await registerViaApi(request, uniqueEmail('talent'));
    await completeViaApi(request, account.token, {
      name: p.name,
      bio: `Jewelry photographer, ${word} studio`,
      expertise: ['Photography'],
      position: 'Jewelry photographer',
      skills: ['Capture One', 'Lightroom'],
      country: p.country,
      work_authorization: 'citizen',
    });
    accounts.push(account);
  }
  const [talia, tobias] = accounts;

  // Talia takes the live interview of another job (fake camera, synthesized voice).
  const interviewJob = await api<{ id: string }>(request, 'post', '/api/admin/jobs', admin.token, {
    title: `Ring Photo Rater ${word}`,
    description: 'Rate jewelry photos.',
    position_type: 'Contract',
    pay_per_hour: 35,
    status: 'active',
  });
  const candidatePage = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  await signInWithToken(candidatePage, talia!.token, `/job-application-onboarding?jobId=${interviewJob.id}`);
  await agreeToRecording(candidatePage);
  const start = candidatePage.getByRole('button', { name: 'Start Interview' });
  await expect(start).toBeEnabled({ timeout: 20_000 });
  await start.click();
  await expect(candidatePage).toHaveURL(/\/realtime-interview\/[0-9a-f-]{36}/);
  const interviewId = new URL(candidatePage.url()).pathname.split('/').pop()!;
  await expect(candidatePage.getByTestId('captions').getByText('You', { exact: true }).first()).toBeVisible({
    timeout: 150_000,
  });
  // The answer is final once the interviewer speaks again.
  await expect(candidatePage.getByTestId('ai-orb')).toHaveAttribute('data-speaking', 'true', { timeout: 60_000 });
  await candidatePage.getByRole('button', { name: 'End Interview' }).click();
  await candidatePage
    .getByRole('dialog', { name: 'End the interview?' })
    .getByRole('button', { name: 'End interview' })
    .click();
  await expect(candidatePage.getByRole('heading', { name: 'Thanks for interviewing!' })).toBeVisible({
    timeout: 30_000,
  });

  // A word the recognizer heard her say.
  const detail = await api<{ transcript: { speaker: string; text: string; offset_seconds: number }[] }>(
    request,
    'get',
    `/api/admin/interviews/${interviewId}`,
    admin.token,
  );
  const spoken = detail.transcript
    .filter((t) => t.speaker === 'user')
    .flatMap((t) => t.text.toLowerCase().match(/[a-z]{6,}/g) ?? []);
  expect(spoken.length, `recognized words in ${JSON.stringify(detail.transcript)}`).toBeGreaterThan(0);
  // English stop words are not searchable; the longest other word is.
  const STOP =
    /^(because|before|between|during|further|having|itself|myself|ourselves|should|through|yourself|yourselves|themselves|against|himself|herself|theirs)$/;
  const heard = spoken.filter((w) => !STOP.test(w)).sort((a, b) => b.length - a.length)[0]!;

  // --- The provider searches.
  const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  await signInWithToken(page, admin.token, '/admin/talent');
  await page.getByLabel('Search people').fill(word);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  const results = page.getByRole('list', { name: 'Search results' });
  await expect(page.getByText('3 people')).toBeVisible();
  await expect(results.getByRole('link', { name: 'Camille Roux' })).toBeVisible();

  // Narrow by a facet with its count.
  const canada = page.getByRole('button', { name: 'Canada 2' });
  await canada.click();
  await expect(canada).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByText('2 people')).toBeVisible();
  await expect(results.getByRole('link', { name: 'Camille Roux' })).toHaveCount(0);

  // Shortlist both for the active job, then invite Tobias.
  await page.getByLabel('Shortlist for').selectOption(activeJob.id);
  await page.getByRole('button', { name: 'Shortlist Talia Brandt' }).click();
  await page.getByRole('button', { name: 'Shortlist Tobias Lund' }).click();
  const shortlist = page.getByRole('list', { name: 'Shortlist' });
  await expect(shortlist.getByRole('listitem')).toHaveCount(2);
  await page.getByRole('button', { name: 'Invite Tobias Lund' }).click();
  await expect(shortlist.getByRole('listitem').filter({ hasText: 'Tobias Lund' })).toContainText('Invited');
  await page.screenshot({ path: test.info().outputPath('talent-desktop.png'), fullPage: true });

  // What Talia said, found in her interview: the snippet opens the review at that second.
  await page.getByLabel('Search people').fill(`${heard} ${word}`);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  const why = page.getByRole('list', { name: 'Why Talia Brandt matched' });
  const snippet = why.getByRole('link', { name: /Open the interview at/ }).first();
  await expect(snippet).toBeVisible();
  await expect(snippet.locator('mark').first()).toHaveText(new RegExp(heard, 'i'));
  const at = /t=(\d+)/.exec((await snippet.getAttribute('href'))!)![1]!;
  await snippet.click();
  await expect(page).toHaveURL(new RegExp(`/admin/interviews/${interviewId}\\?t=${at}$`));
  const current = page.getByRole('list', { name: 'Transcript' }).locator('[aria-current="true"]');
  await expect(current).toContainText(new RegExp(heard, 'i'));

  // --- Tobias is e-mailed the job's link and finds the job as one he has applied to.
  await expect
    .poll(() => mailsTo(tobias!.email).some((m) => m.includes("You're invited to apply")), { timeout: 20_000 })
    .toBe(true);
  const tobiasPage = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
  await signInWithToken(tobiasPage, tobias!.token, '/');
  const card = tobiasPage.getByTestId('job-card').filter({ hasText: activeJob.title });
  await expect(card.getByText('Applied')).toBeVisible();
});

test('the provider saves a search with some filters set and reopens it with only those, phone and desktop', async ({
  browser,
  request,
  admin,
}) => {
  const word = tag();
  const people = [
    { name: 'Ada Quinn', country: 'Canada' },
    { name: 'Bea Marsh', country: 'Canada' },
    { name: 'Cyd Olsen', country: 'Canada' },
    { name: 'Dov Perez', country: 'France' },
  ];
  for (const p of people) {
    const account = await registerViaApi(request, uniqueEmail('saved'));
    await completeViaApi(request, account.token, {
      name: p.name,
      bio: `Packshot photographer, ${word} studio`,
      expertise: ['Photography'],
      position: 'Packshot photographer',
      skills: ['Capture One'],
      country: p.country,
      work_authorization: 'citizen',
    });
  }

  for (const width of [390, 1280]) {
    const page = await (await browser.newContext({ viewport: { width, height: 900 } })).newPage();
    await signInWithToken(page, admin.token, `/admin/talent?q=${word}`);
    await expect(page.getByText('4 people')).toBeVisible();
    await page.getByRole('button', { name: 'Canada 3' }).click();
    await expect(page.getByText('3 people')).toBeVisible();

    // Saved with only the query and the country: no rating-record filter made up from the unset ones.
    const name = `Canada ${word} ${width}`;
    await page.getByPlaceholder('Name this search').fill(name);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    const open = page.getByRole('button', { name, exact: true });
    await expect(open).toBeVisible();
    const saved = await api<{ id: string; name: string; params: Record<string, string> }[]>(
      request,
      'get',
      '/api/admin/talent/saved-searches',
      admin.token,
    );
    const mine = saved.find((s) => s.name === name)!;
    expect(mine.params).toEqual({ q: word, country: 'Canada' });

    // Reopened from another search: the same filters and the same three people.
    await page.goto('/admin/talent?decision=approved');
    await open.click();
    await expect(page).toHaveURL(new RegExp(`/admin/talent\\?q=${word}&country=Canada$`));
    await expect(page.getByText('3 people')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Canada 3' })).toHaveAttribute('aria-pressed', 'true');
    await page.screenshot({ path: test.info().outputPath(`talent-saved-search-${width}.png`), fullPage: true });
    const deleted = await request.delete(`/api/admin/talent/saved-searches/${mine.id}`, {
      headers: bearer(admin.token),
    });
    expect(deleted.status()).toBe(204);
    await page.context().close();
  }
});
