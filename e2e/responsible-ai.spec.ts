import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import {
  FAKE_MEDIA,
  api,
  bearer,
  launchWith,
  mailsTo,
  painted,
  signInWithToken,
  startAnsweredInterview,
} from './helpers';

/**
 * Lawful AI hiring (issue 35) in the browser, through the real server: the AI notice and the
 * human-only alternative, the voluntary self-identification, the bias audit and its public page, an
 * override without an internal reason, and the explanation and appeal after a decision. Each new screen is
 * photographed at a phone's and a desktop's width (RESPONSIBLE_AI_SHOTS: the folder to keep them in).
 */
test.use({ launchOptions: launchWith(...FAKE_MEDIA) });
test.describe.configure({ timeout: 300_000 });

const SHOTS = process.env.RESPONSIBLE_AI_SHOTS;
if (SHOTS) fs.mkdirSync(SHOTS, { recursive: true });

/** Screenshots at 390 and 1280 wide; nothing may run off the side of the page at either width. */
async function shots(page: Page, name: string) {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width < 600 ? 844 : 900 });
    await painted(page);
    const file = SHOTS ? path.join(SHOTS, `${name}-${width}.png`) : test.info().outputPath(`${name}-${width}.png`);
    await page.screenshot({ path: file, fullPage: true });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `${name} at ${width} px runs off the side`).toBeLessThanOrEqual(0);
  }
}

/** A second browser window signed in as `token` (the provider's console beside the candidate's page). */
async function windowFor(browser: Browser, token: string, url: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInWithToken(page, token, url);
  return page;
}

/** Waits until the interview has left "in progress" (completed or under review). */
async function whenCompleted(request: APIRequestContext, token: string, id: string) {
  await expect
    .poll(async () => (await api<{ status: string }>(request, 'get', `/api/interviews/${id}`, token)).status, {
      timeout: 60_000,
    })
    .toMatch(/completed|under_review/);
}

test('a candidate reads the AI notice, asks for a human-only review, and self-identifies (optionally); the provider resolves the request; an empty bias audit cannot be published, and the notice links to the public page', async ({
  page,
  browser,
  request,
  candidate,
  admin,
  activeJob: job,
}) => {
  // --- The AI notice before Start, and the human-only alternative.
  await signInWithToken(page, candidate.token, `/job-application-onboarding?jobId=${job.id}`);
  const notice = page.getByRole('region', { name: 'About the AI in this interview' });
  await expect(notice).toContainText('What the AI assesses (the content of your answers only):');
  await expect(notice).toContainText('Communication');
  await expect(notice).toContainText('A person reviews every interview and makes the decision.');
  await expect(notice.getByRole('checkbox', { name: /I have read this notice/ })).not.toBeChecked();
  await notice.getByRole('button', { name: 'Ask for a human-only review instead' }).click();
  const ask = notice.getByRole('group', { name: 'Human-only review request' });
  const send = ask.getByRole('button', { name: 'Send request' });
  await expect(send).toBeDisabled();
  await ask.getByLabel(/Why would you like a human-only review/).fill('I would rather be assessed by a person.');
  await shots(page, 'ai-notice-asking');
  await send.click();
  await expect(notice.getByRole('status')).toContainText('You asked for a human-only review.');
  await shots(page, 'ai-notice-requested');
  // Once per candidate and job: the server refuses a second request.
  const again = await request.post(`/api/jobs/${job.id}/alternative-assessment`, {
    headers: bearer(candidate.token),
    data: { reason: 'Again' },
  });
  expect(again.status()).toBe(409);

  // --- The provider sees it in the console's list and resolves it with a note.
  const console_ = await windowFor(browser, admin.token, '/admin/alternatives');
  await expect(console_.getByRole('heading', { name: 'Human-only requests' })).toBeVisible();
  const row = console_.getByRole('listitem', { name: 'Request from Ada Lovelace' }).filter({ hasText: job.title });
  await expect(row).toContainText('I would rather be assessed by a person.');
  await expect(row).toContainText('Requested');
  await row.getByLabel('Resolution note').fill('Two reviewers will assess the recording; no AI score.');
  await shots(console_, 'console-alternatives');
  await row.getByRole('button', { name: 'Resolve' }).click();
  await expect(row).toContainText('Resolved');
  await expect(row).toContainText('Note: Two reviewers will assess the recording; no AI score.');

  // --- Voluntary self-identification in the profile: not asked for so far, and clearly optional.
  expect(await api(request, 'get', '/api/self-identification', candidate.token)).toBeNull();
  await page.goto('/profile');
  const selfId = page.getByRole('region', { name: 'Voluntary self-identification (optional)' });
  await expect(selfId).toContainText('Optional. We ask only to check that our AI assessment treats every group fairly');
  await expect(selfId.getByLabel('Sex')).toHaveValue('');
  await selfId.getByLabel('Sex').selectOption('female');
  await selfId.getByLabel('Race / ethnicity').selectOption('asian');
  await selfId.getByRole('button', { name: 'Save my answer' }).click();
  await expect(selfId.getByRole('status')).toHaveText('Saved. Thank you.');
  expect(await api(request, 'get', '/api/self-identification', candidate.token)).toMatchObject({
    sex: 'female',
    race_ethnicity: 'asian',
  });
  await selfId.scrollIntoViewIfNeeded();
  await shots(page, 'profile-self-identification');
  // Removable at any time.
  await selfId.getByRole('button', { name: 'Remove my answer' }).click();
  await expect(selfId.getByRole('status')).toHaveText('Removed.');
  expect(await api(request, 'get', '/api/self-identification', candidate.token)).toBeNull();
  await selfId.getByLabel('Sex').selectOption('female');
  await selfId.getByLabel('Race / ethnicity').selectOption('asian');
  await selfId.getByRole('button', { name: 'Save my answer' }).click();
  await expect(selfId.getByRole('status')).toHaveText('Saved. Thank you.');

  // --- The bias audit in the console: this job has no AI-scored interview, so there is nothing to show
  // or publish (issue 43 items 10, 17), and the console says why Publish is unavailable.
  await console_.goto('/admin/bias-audit');
  await expect(console_.getByRole('heading', { name: 'Bias audit' })).toBeVisible();
  await console_.getByLabel('Job').selectOption(job.id);
  await expect(console_).toHaveURL(new RegExp(`job_id=${job.id}`));
  const summary = console_.getByRole('region', { name: 'Summary', exact: true });
  await expect(summary).toContainText('Sample (AI-scored interviews)');
  await expect(console_.getByRole('region', { name: 'Groups' })).toContainText(
    'Only 0 AI-scored people are in this view, fewer than 1: no group is shown, so that no one can be singled out.',
  );
  await expect(console_.getByRole('table')).toHaveCount(0);
  await console_.getByLabel('Independent auditor').fill(`Fair Audits ${crypto.randomUUID().slice(0, 6)}`);
  await console_.getByLabel('Audit date').fill('2026-11-20');
  const publish = console_.getByRole('button', { name: 'Publish' });
  await expect(publish).toBeDisabled();
  await expect(publish).toHaveAccessibleDescription(
    'Publishing needs at least 1 AI-scored person; the selected job has 0. A summary of fewer would be empty or could single someone out.',
  );
  await shots(console_, 'console-bias-audit-unpublishable');
  // The server refuses it too.
  const refused = await request.post('/api/admin/bias-audit/publish', {
    headers: bearer(admin.token),
    data: { job_id: job.id, auditor: 'Fair Audits', audit_date: '2026-11-20' },
  });
  expect(refused.status()).toBe(409);
  expect((await refused.json()).detail).toBe(
    'An audit is published only for at least 1 AI-scored person; this job has 0.',
  );

  // --- The candidate finds the public page from the AI notice; anyone may read it, signed in or not.
  await page.goto(`/job-application-onboarding?jobId=${job.id}`);
  const link = notice.getByRole('link', { name: /^Bias audits of our AI assessment/ });
  await link.scrollIntoViewIfNeeded();
  await shots(page, 'ai-notice-bias-audit-link');
  const [audits] = await Promise.all([page.context().waitForEvent('page'), link.click()]);
  await expect(audits).toHaveURL(/\/bias-audit$/);
  await expect(audits.getByRole('heading', { name: 'Bias audits of our AI assessment' })).toBeVisible();
  // Never a person: not the candidate's name or e-mail.
  await expect(audits.locator('body')).not.toContainText(candidate.email);
  await expect(audits.locator('body')).not.toContainText('Ada Lovelace');
});

test('after a decision the candidate reads how it was made and appeals; the provider overturns it with a note', async ({
  page,
  browser,
  request,
  candidate,
  admin,
  activeJob: job,
}) => {
  await signInWithToken(page, candidate.token, '/');
  const interviewId = await startAnsweredInterview(page, { ...candidate, name: 'Ada Lovelace' }, job.id);
  await api(request, 'post', `/api/interviews/${interviewId}/complete`, candidate.token);
  await whenCompleted(request, candidate.token, interviewId);
  // Before a decision there is nothing to explain.
  const early = await request.get(`/api/interviews/${interviewId}/explanation`, { headers: bearer(candidate.token) });
  expect(early.status()).toBeGreaterThanOrEqual(400);
  expect(early.status()).toBeLessThan(500);

  // The provider rejects it in the console.
  const console_ = await windowFor(browser, admin.token, `/admin/interviews/${interviewId}`);
  const decision = console_.getByRole('region', { name: 'Decision' });
  await decision.getByLabel('Note to the candidate (optional)').fill('We need more depth on branding work.');
  await decision.getByRole('button', { name: 'Reject' }).click();
  // Approve and Reject ask to confirm (issue 43 item 16).
  await console_
    .getByRole('dialog', { name: /^Reject .+\?$/ })
    .getByRole('button', { name: 'Reject' })
    .click();
  await expect(decision).toContainText('Rejected on');

  // The candidate reads the explanation on the status page and appeals.
  await page.goto(`/status?interviewId=${interviewId}`);
  const how = page.getByRole('region', { name: 'How this decision was made' });
  // One short answer is too little for the AI to score (it scores from 3 answers and 60 words on), and
  // the explanation says so instead of claiming an AI assessment.
  await expect(how).toContainText(`An AI read what you said in the interview for ${job.title} but gave it no score`);
  await expect(how).toContainText('A person on the hiring team assessed your interview');
  await expect(how).toContainText('Communication:');
  await how.getByRole('button', { name: 'Appeal this decision' }).click();
  const appeal = how.getByRole('form', { name: 'Appeal' });
  await appeal.getByLabel('Why should the decision be reviewed again?').fill('My portfolio shows years of branding.');
  await shots(page, 'status-explanation-appeal');
  await appeal.getByRole('button', { name: 'Send appeal' }).click();
  await expect(how.getByRole('status')).toHaveText(
    'Your appeal is with the hiring team. You will hear back by e-mail.',
  );
  // Once only.
  const twice = await request.post(`/api/interviews/${interviewId}/appeal`, {
    headers: bearer(candidate.token),
    data: { reason: 'Again' },
  });
  expect(twice.status()).toBe(409);

  // The provider overturns it with a note.
  await console_.goto('/admin/appeals?status=open');
  const card = console_.getByTestId('appeal').filter({ hasText: 'My portfolio shows years of branding.' });
  await expect(card).toContainText(`Ada Lovelace · ${job.title}`);
  await expect(card).toContainText('appealed a rejection');
  await card.getByLabel('Note to the candidate').fill('A second reviewer re-watched it: approved.');
  await shots(console_, 'console-appeals');
  await card.getByRole('button', { name: 'Overturn (approve)' }).click();
  await console_.goto('/admin/appeals');
  const resolved = console_.getByTestId('appeal').filter({ hasText: 'My portfolio shows years of branding.' });
  await expect(resolved).toContainText('Overturned on');
  await expect(resolved).toContainText('A second reviewer re-watched it: approved.');

  // The decision changed; the candidate sees it and the note.
  expect(
    (await api<{ status: string }>(request, 'get', `/api/interviews/${interviewId}`, candidate.token)).status,
  ).toBe('approved');
  await page.reload();
  await expect(page.getByRole('region', { name: 'How this decision was made' }).getByRole('status')).toContainText(
    'The hiring team reviewed your appeal and changed the decision. Their note: A second reviewer re-watched it: approved.',
  );
  await shots(page, 'status-appeal-overturned');
});

/**
 * Three answers (the built-in assessment scores from 3 answers and 60 words on:
 * apps/server/src/interview/assessment/built-in.ts) that say nothing about creative work (no craft
 * terms, past work or judgements), so the built-in rubric scores them low: "do not advance". About 110
 * words in all, so the live recognizer still clears the 60 when a loaded machine makes it miss a quarter of
 * them (CI once heard 58 of 77).
 */
const UNCREATIVE_ANSWERS = [
  'I live in a small town by the river. In the morning I walk my dog in the park and then I buy bread and milk at the shop. In the evening I read the paper at home.',
  'On the weekend I visit my family. We cook dinner together, we watch a film on the sofa and we talk about the news of the week. On Sunday we walk in the hills.',
  'In the summer we go to the beach by train. We swim in the sea, we eat ice cream and we sleep in a little house near the water. Then we go home again.',
];

test('deciding against the AI needs an internal reason (kept from the e-mail) and a confirm; the note alone is e-mailed', async ({
  page,
  browser,
  request,
  candidate,
  admin,
  activeJob: job,
}) => {
  await signInWithToken(page, candidate.token, '/');
  // She self-identifies: the one Asian woman the bias audit would otherwise single out (issue 43 item 10).
  await api(request, 'put', '/api/self-identification', candidate.token, { sex: 'female', race_ethnicity: 'asian' });
  const interviewId = await startAnsweredInterview(
    page,
    { ...candidate, name: 'Ada Lovelace' },
    job.id,
    UNCREATIVE_ANSWERS,
  );
  await api(request, 'post', `/api/interviews/${interviewId}/complete`, candidate.token);
  type Detail = { assessment: { status: string; recommendation: string | null; summary: string } | null };
  let detail: Detail | null = null;
  await expect
    .poll(
      async () => {
        detail = await api<Detail>(request, 'get', `/api/admin/interviews/${interviewId}`, admin.token);
        return detail.assessment?.status ?? 'pending';
      },
      { timeout: 90_000 },
    )
    .not.toBe('pending');
  const recommendation = detail!.assessment!.recommendation;
  expect(
    ['advance', 'do_not_advance'],
    `the assessment recommends one way: ${JSON.stringify(detail!.assessment)}`,
  ).toContain(recommendation);
  const against = recommendation === 'advance' ? 'Reject' : 'Approve';

  const console_ = await windowFor(browser, admin.token, `/admin/interviews/${interviewId}`);
  const decision = console_.getByRole('region', { name: 'Decision' });
  await expect(decision).toContainText(
    `${against === 'Reject' ? 'Rejecting' : 'Approving'} goes against the AI's recommendation`,
  );
  // Without an internal reason the console marks the field and sends nothing (issue 43, item 16).
  const reason = decision.getByLabel('Internal reason');
  await decision.getByRole('button', { name: against }).click();
  await expect(reason).toHaveAttribute('aria-invalid', 'true');
  await expect(decision).toContainText(
    `${against === 'Reject' ? 'Rejecting' : 'Approving'} goes against the AI's recommendation: give the internal reason.`,
  );
  await shots(console_, 'console-override-reason-missing');
  // Nothing was decided, and the server refuses it too.
  expect(
    (await api<{ status: string }>(request, 'get', `/api/interviews/${interviewId}`, candidate.token)).status,
  ).toBe('under_review');
  const refused = await request.post(`/api/admin/interviews/${interviewId}/decision`, {
    headers: bearer(admin.token),
    data: { decision: against === 'Reject' ? 'rejected' : 'approved', note: 'Sent without a reason.' },
  });
  expect(refused.status()).toBe(422);
  expect((await refused.json()).detail).toContain('give the internal reason why');

  // The reason stays in the console; only the note goes to the candidate, after a confirm step.
  await reason.fill('INTERNAL: the hiring manager vouched for this candidate.');
  await decision.getByLabel('Note to the candidate (optional)').fill('The portfolio review changed our view.');
  await decision.getByRole('button', { name: against }).click();
  const confirm = console_.getByRole('dialog', { name: new RegExp(`^${against} .+\\?$`) });
  await expect(confirm).toContainText('“The portfolio review changed our view.”');
  await expect(confirm).not.toContainText('INTERNAL');
  await shots(console_, 'console-decision-confirm');
  await confirm.getByRole('button', { name: against }).click();
  await expect(decision).toContainText(`${against === 'Reject' ? 'Rejected' : 'Approved'} on`);
  await expect(decision).toContainText('Note to the candidate: The portfolio review changed our view.');
  await expect.poll(() => mailsTo(candidate.email).filter((m) => m.includes('The portfolio review')).length).toBe(1);
  expect(mailsTo(candidate.email).join('\n')).not.toContain('INTERNAL');

  // --- The bias audit of all jobs holds her now: her groups read "fewer than 5", with no number or rate,
  // in the console and on the public page (issue 43 items 10, 17).
  await console_.goto('/admin/bias-audit');
  for (const name of ['Scoring: Sex', 'Scoring: Sex × race / ethnicity', 'Selection: Race / ethnicity']) {
    const table = console_.getByRole('table', { name, exact: true });
    await expect(table).toContainText('Fewer than 5 each');
    await expect(table).not.toContainText('%');
  }
  await expect(console_.getByRole('table', { name: 'Scoring: Sex × race / ethnicity', exact: true })).toContainText(
    'Female × Asian',
  );
  const auditor = `Fair Audits ${crypto.randomUUID().slice(0, 6)}`;
  await console_.getByLabel('Independent auditor').fill(auditor);
  await console_.getByLabel('Audit date').fill('2026-11-20');
  await console_.getByRole('button', { name: 'Publish' }).click();
  await expect(console_.getByText('Published. It is listed at')).toBeVisible();
  await console_.getByRole('table', { name: 'Scoring: Sex', exact: true }).scrollIntoViewIfNeeded();
  await shots(console_, 'console-bias-audit');

  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto('/bias-audit');
  const published = visitor.getByRole('article').filter({ hasText: auditor });
  await expect(published.getByRole('heading', { level: 2 })).toHaveText('All roles: audit of 2026-11-20');
  const intersectional = published.getByRole('table', { name: 'Scoring: Sex × race / ethnicity', exact: true });
  await expect(intersectional).toContainText('Fewer than 5 each');
  await expect(intersectional).not.toContainText('%');
  await expect(published.getByRole('figure')).toContainText('No group here is large enough to show a rate.');
  await expect(visitor.locator('body')).not.toContainText(candidate.email);
  await published.scrollIntoViewIfNeeded();
  await shots(visitor, 'public-bias-audit');
});
