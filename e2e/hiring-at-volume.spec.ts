import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import type { APIRequestContext, Page } from '@playwright/test';
import { PDFDocument } from 'pdf-lib';
import { expect, test } from './fixtures';
import {
  agreeToRecording,
  api,
  bearer,
  fakeMediaWithMic,
  mailsTo,
  painted,
  signInWithToken,
  uniqueEmail,
} from './helpers';
import { writeFakeMicWav } from './support/fake-mic';

/**
 * Hiring at volume (issue 47), as a provider and a candidate use it: a campaign from a CSV, a reminder
 * from the scheduler, more time asked and granted, an interview rated on its closing screen, the
 * funnel, a webhook receiver on 127.0.0.1 that checks signatures, an API key, the Greenhouse adapter
 * and the candidate packet. One journey: each step builds on the one before.
 */
const micWav = path.join(os.tmpdir(), `e2e-hiring-mic-${process.pid}.wav`);
test.use({ launchOptions: fakeMediaWithMic(micWav) });
test.describe.configure({ timeout: 600_000 });

test.beforeAll(async () => {
  await writeFakeMicWav(micWav);
});

const shotDir = process.env.E2E_SHOTS_DIR;

/** The page at a phone's and a desktop's width, kept in E2E_SHOTS_DIR (else the test's output folder). */
async function shots(page: Page, name: string) {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width < 600 ? 844 : 900 });
    await painted(page);
    const file = shotDir ? path.join(shotDir, `${name}-${width}.png`) : test.info().outputPath(`${name}-${width}.png`);
    if (shotDir) fs.mkdirSync(shotDir, { recursive: true });
    await page.screenshot({ path: file, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

type Received = {
  headers: http.IncomingHttpHeaders;
  raw: string;
  body: { id: string; type: string; data: Record<string, unknown> };
};

/** A tiny webhook receiver on 127.0.0.1 that answers 200 and keeps every request. */
async function startReceiver() {
  const received: Received[] = [];
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      received.push({ headers: req.headers, raw, body: JSON.parse(raw) });
      res.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
  return { url, received, close: () => new Promise<void>((done) => server.close(() => done())) };
}

/** Stripe-style: `t=<unix>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">` with the endpoint's secret. */
function signatureValid(r: Received, secret: string) {
  const header = String(r.headers['webhook-signature'] ?? '');
  const t = /t=(\d+)/.exec(header)?.[1];
  const v1 = /v1=([0-9a-f]+)/.exec(header)?.[1];
  if (!t || !v1) return false;
  const expected = crypto.createHmac('sha256', secret).update(`${t}.${r.raw}`).digest('hex');
  return crypto.timingSafeEqual(Buffer.from(v1, 'hex'), Buffer.from(expected, 'hex'));
}

/** The names in a ZIP's central directory. */
function zipEntries(zip: Buffer): string[] {
  const names: string[] = [];
  for (let i = zip.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02])); i >= 0;) {
    const nameLength = zip.readUInt16LE(i + 28);
    names.push(zip.subarray(i + 46, i + 46 + nameLength).toString('utf8'));
    i = zip.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]), i + 46 + nameLength);
  }
  return names;
}

/** The path and query of the first link to `/invitation?` in the newest mail to `to` with `subject`. */
function invitationLink(to: string, subject: string) {
  const mail = mailsTo(to).find((m) => m.includes(`Subject: ${subject}`));
  const link = mail && /https?:\/\/[^\s"<>]+(\/invitation\?token=[^\s"<>&]+)/.exec(mail)?.[1];
  return link ?? null;
}

const basic = (key: string) => ({ authorization: `Basic ${Buffer.from(`${key}:`).toString('base64')}` });

async function invitationsOf(request: APIRequestContext, token: string, jobId: string) {
  return api<{ id: string; email: string; status: string }[]>(
    request,
    'get',
    `/api/admin/jobs/${jobId}/invitations`,
    token,
  );
}

test('a provider hires at volume: campaign, reminder, more time, funnel, webhooks, API key, Greenhouse, packet', async ({
  browser,
  page,
  request,
  admin,
  candidate,
  activeJob: job,
}) => {
  const receiver = await startReceiver();
  try {
    // ---- 1. A campaign of 20 from a CSV with 2 bad rows ----
    const others = Array.from({ length: 19 }, (_, i) => ({
      name: `Invitee ${i + 1}`,
      email: uniqueEmail(`inv${i + 1}`),
    }));
    const people = [{ name: 'Ada Lovelace', email: candidate.email }, ...others];
    const lines = ['name,email', ...people.map((p) => `${p.name},${p.email}`)];
    // The bad rows at file lines 6 and 15 (the header is line 1).
    lines.splice(5, 0, 'Bad Row,not-an-address');
    lines.splice(14, 0, 'Also Bad,someone@');
    expect(lines[5]).toBe('Bad Row,not-an-address');
    expect(lines[14]).toBe('Also Bad,someone@');

    await signInWithToken(page, admin.token, '/admin/jobs');
    await page.getByRole('link', { name: `Invitations for ${job.title}` }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/jobs/${job.id}/invitations$`));
    await page.getByLabel('Or upload a CSV with the columns name,email').setInputFiles({
      name: 'candidates.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(lines.join('\n') + '\n'),
    });
    // A deadline ten days ahead (datetime-local, in the browser's zone).
    const deadline = await page.evaluate(() => {
      const d = new Date(Date.now() + 10 * 24 * 3600_000);
      return new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
    });
    await page.getByLabel('Deadline (optional)').fill(deadline);
    await page.getByLabel('Campaign name (optional)').fill('Raters, December');
    await page.getByRole('button', { name: 'Send invitations' }).click();
    const result = page.getByRole('status', { name: 'Invitation result' });
    await expect(result).toContainText('20 invitations sent, 2 skipped.', { timeout: 30_000 });
    const skipped = result.getByRole('table', { name: 'Skipped rows' }).getByRole('row');
    await expect(skipped.filter({ hasText: 'not-an-address' })).toContainText('6');
    await expect(skipped.filter({ hasText: 'someone@' })).toContainText('15');
    await expect(skipped.filter({ hasText: 'not-an-address' })).toContainText('Not a valid e-mail address');
    await expect(page.getByRole('table', { name: 'Invitations' }).getByRole('row')).toHaveCount(21);
    await shots(page, 'invitations');

    // Every good row got its invitation e-mail.
    await expect
      .poll(() => invitationLink(candidate.email, "You're invited to apply"), { timeout: 60_000 })
      .not.toBeNull();
    await expect
      .poll(() => invitationLink(others[0]!.email, "You're invited to apply"), { timeout: 60_000 })
      .not.toBeNull();

    // ---- 2. A reminder from the scheduler, 49 hours "later" (the test-only sweep hook) ----
    const sweep = await request.post('/api/admin/test/campaign-sweep', {
      headers: bearer(admin.token),
      data: { ahead_hours: 49 },
    });
    expect(sweep.status(), await sweep.text()).toBe(202);
    await expect
      .poll(() => mailsTo(others[0]!.email).filter((m) => m.includes('Subject: Reminder: your invitation to')).length, {
        timeout: 90_000,
      })
      .toBe(1);
    const reminder = mailsTo(others[0]!.email).find((m) => m.includes('Subject: Reminder'))!;
    expect(reminder).toContain(job.title);
    expect(reminder).toContain('/unsubscribe');
    // Only the 48-hour reminder was due: the one 24 hours before the deadline (9 days on) was not.
    expect(mailsTo(others[0]!.email).filter((m) => m.includes('Subject: Reminder')).length).toBe(1);

    // ---- 3. The candidate asks for more time from the invitation link; the provider grants it ----
    const link = invitationLink(candidate.email, "You're invited to apply")!;
    const candidatePage = await browser.newPage();
    await signInWithToken(candidatePage, candidate.token, link);
    await expect(candidatePage.getByRole('heading', { name: `You're invited: ${job.title}` })).toBeVisible();
    await candidatePage.getByRole('button', { name: 'Ask for more time' }).click();
    await expect(candidatePage.getByRole('status').filter({ hasText: 'You asked for more time on' })).toBeVisible();

    await page.reload();
    const row = page.getByRole('table', { name: 'Invitations' }).getByRole('row').filter({ hasText: candidate.email });
    await expect(row).toContainText('Asks for more time');
    await row.getByRole('button', { name: 'Grant more time' }).click();
    await expect(row).not.toContainText('Asks for more time');
    await expect
      .poll(() => mailsTo(candidate.email).some((m) => m.includes(`Subject: More time for ${job.title}`)), {
        timeout: 60_000,
      })
      .toBe(true);
    await candidatePage.reload();
    await expect(candidatePage.getByText('You were given more time: the new deadline is')).toBeVisible();

    // ---- 5 (before the interview, so its events are sent). A webhook endpoint in the console ----
    await page.goto('/admin/webhooks');
    await page.getByLabel('Endpoint URL').fill(receiver.url);
    await page.getByRole('checkbox', { name: 'interview.completed' }).check();
    await page.getByRole('checkbox', { name: 'decision.made' }).check();
    await page.getByRole('button', { name: 'Add endpoint' }).click();
    const secret = (await page.getByLabel('Signing secret').textContent())!.trim();
    expect(secret.length).toBeGreaterThan(20);
    await page.getByRole('button', { name: 'I have saved it' }).click();
    await expect(page.getByLabel('Signing secret')).toHaveCount(0);
    // Listed, without its secret.
    await expect(page.getByRole('table', { name: 'Webhook endpoints' })).toContainText(receiver.url);
    expect(await page.content()).not.toContain(secret);

    // ---- 4. The candidate's interview (accepted from the invitation), ended, rated on the closing screen ----
    await candidatePage.getByRole('button', { name: 'Continue to the application' }).click();
    await expect(candidatePage).not.toHaveURL(/\/invitation\?/);
    await candidatePage.goto(`/job-application-onboarding?jobId=${job.id}`);
    await agreeToRecording(candidatePage);
    const start = candidatePage.getByRole('button', { name: 'Start Interview' });
    await expect(start).toBeEnabled({ timeout: 30_000 });
    await start.click();
    await expect(candidatePage).toHaveURL(/\/realtime-interview\/[0-9a-f-]{36}\?jobId=/);
    const interviewId = new URL(candidatePage.url()).pathname.split('/').pop()!;
    const captions = candidatePage.getByTestId('captions');
    await expect(captions.getByText('You', { exact: true }).first()).toBeVisible({ timeout: 120_000 });
    await expect(candidatePage.getByTestId('ai-orb')).toHaveAttribute('data-speaking', 'true', { timeout: 90_000 });
    await candidatePage.getByRole('button', { name: 'End Interview' }).click();
    await candidatePage
      .getByRole('dialog', { name: 'End the interview?' })
      .getByRole('button', { name: 'End interview' })
      .click();
    await expect(candidatePage.getByRole('heading', { name: 'Thanks for interviewing!' })).toBeVisible({
      timeout: 30_000,
    });
    const rate = candidatePage.getByRole('form', { name: 'Rate this interview' });
    await rate.getByRole('radio', { name: '4 of 5' }).click();
    await rate.getByLabel('Anything to add?').fill('Clear questions, a little fast.');
    await rate.getByRole('button', { name: 'Send' }).click();
    await expect(candidatePage.getByText('Thank you for your feedback.')).toBeVisible();
    await candidatePage.close();

    await expect
      .poll(
        async () =>
          (await api<{ status: string }>(request, 'get', `/api/interviews/${interviewId}`, candidate.token)).status,
        { timeout: 120_000 },
      )
      .toMatch(/completed|under_review/);
    await api(request, 'post', `/api/admin/interviews/${interviewId}/decision`, admin.token, { decision: 'approved' });

    // The funnel and the satisfaction average in the console.
    await page.goto('/admin/jobs');
    await page.getByRole('link', { name: `Funnel of ${job.title}` }).click();
    const count = (step: string) => page.getByTestId(`funnel-step-${step}`).locator('strong');
    await expect(count('invited')).toHaveText('20');
    for (const step of ['opened', 'started', 'completed', 'decided']) await expect(count(step)).toHaveText('1');
    await expect(page.getByTestId('funnel-step-opened')).toContainText('5% of previous');
    await expect(page.getByTestId('satisfaction-interviews')).toContainText('4.00 / 5 from 1 rating');
    await expect(page.getByRole('list', { name: 'Comments' })).toContainText('Clear questions, a little fast.');
    await shots(page, 'funnel');

    // ---- 5. The receiver got signed interview.completed and decision.made for this interview ----
    const eventFor = (type: string) =>
      receiver.received.filter((r) => r.body.type === type && r.body.data?.interview_id === interviewId);
    await expect.poll(() => eventFor('interview.completed').length, { timeout: 120_000 }).toBeGreaterThan(0);
    await expect.poll(() => eventFor('decision.made').length, { timeout: 120_000 }).toBeGreaterThan(0);
    const completed = eventFor('interview.completed')[0]!;
    const decided = eventFor('decision.made')[0]!;
    for (const r of [completed, decided]) {
      expect(signatureValid(r, secret)).toBe(true);
      expect(r.headers['webhook-id']).toBe(r.body.id);
    }
    expect(decided.body.data.decision).toBe('approved');
    // A wrong secret does not verify.
    expect(
      signatureValid(
        decided,
        secret.replace(/.$/, (c) => (c === 'a' ? 'b' : 'a')),
      ),
    ).toBe(false);

    // A replay from the delivery log arrives again with the same Webhook-Id.
    await page.goto('/admin/webhooks');
    await page.getByRole('button', { name: `Deliveries of ${receiver.url}` }).click();
    const log = page.getByRole('table', { name: 'Delivery log' });
    await expect(log).toContainText(decided.body.id);
    await shots(page, 'webhooks');
    const before = receiver.received.length;
    await log.getByRole('button', { name: `Replay decision.made ${decided.body.id}` }).click();
    await expect.poll(() => receiver.received.length, { timeout: 60_000 }).toBeGreaterThan(before);
    const replayed = receiver.received.slice(before).find((r) => r.body.type === 'decision.made')!;
    expect(replayed.headers['webhook-id']).toBe(decided.body.id);
    expect(signatureValid(replayed, secret)).toBe(true);

    // ---- 6. An API key created in the console (shown once) reads the interview ----
    await page.goto('/admin/api-keys');
    await page.getByLabel('Name').fill('Greenhouse');
    for (const scope of ['read:interviews', 'read:jobs', 'write:invitations'])
      await page.getByRole('checkbox', { name: scope }).check();
    await page.getByRole('button', { name: 'Create key' }).click();
    const key = (await page.getByLabel('API key', { exact: true }).textContent())!.trim();
    expect(key).toMatch(/^tm_/);
    await page.getByRole('button', { name: 'I have saved it' }).click();
    await expect(page.getByRole('table', { name: 'API keys' })).toContainText('Greenhouse');
    expect(await page.content()).not.toContain(key);

    const read = await request.get(`/api/admin/interviews/${interviewId}`, { headers: bearer(key) });
    expect(read.status(), await read.text()).toBe(200);
    expect(((await read.json()) as { id: string }).id).toBe(interviewId);

    // ---- 7. The Greenhouse adapter's three calls, the key as the Basic user name ----
    const tests = await request.get('/api/ats/greenhouse/list_tests', { headers: basic(key) });
    expect(tests.status(), await tests.text()).toBe(200);
    expect(await tests.json()).toContainEqual({
      partner_test_id: job.id,
      partner_test_name: `AI interview: ${job.title}`,
    });
    const ghEmail = uniqueEmail('greenhouse');
    const sent = await request.post('/api/ats/greenhouse/send_test', {
      headers: basic(key),
      data: { partner_test_id: job.id, candidate: { first_name: 'Grace', last_name: 'Hopper', email: ghEmail } },
    });
    expect(sent.status(), await sent.text()).toBe(200);
    const { partner_interview_id } = (await sent.json()) as { partner_interview_id: string };
    const fresh = await request.get(`/api/ats/greenhouse/test_status?partner_interview_id=${partner_interview_id}`, {
      headers: basic(key),
    });
    expect(await fresh.json()).toMatchObject({ partner_status: 'incomplete' });
    const ours = (await invitationsOf(request, admin.token, job.id)).find((i) => i.email === candidate.email)!;
    const done = await request.get(`/api/ats/greenhouse/test_status?partner_interview_id=${ours.id}`, {
      headers: basic(key),
    });
    expect(await done.json()).toMatchObject({
      partner_status: 'complete',
      partner_profile_url: expect.stringContaining(`/admin/interviews/${interviewId}`),
      metadata: { decision: 'approved' },
    });

    // ---- 8. The packet from the review page: the PDF names the candidate, the ZIP lists its entries ----
    await page.goto(`/admin/interviews/${interviewId}`);
    const packet = page.getByRole('group', { name: 'Candidate packet' });
    const [pdfDownload] = await Promise.all([
      page.waitForEvent('download', { timeout: 120_000 }),
      packet.getByRole('button', { name: 'Download packet (PDF)' }).click(),
    ]);
    const pdf = await PDFDocument.load(fs.readFileSync((await pdfDownload.path())!));
    expect(pdf.getTitle()).toBe('Candidate packet: Ada Lovelace');
    expect(pdf.getPageCount()).toBeGreaterThan(0);
    const [zipDownload] = await Promise.all([
      page.waitForEvent('download', { timeout: 120_000 }),
      packet.getByRole('button', { name: 'Download packet (ZIP)' }).click(),
    ]);
    const entries = zipEntries(fs.readFileSync((await zipDownload.path())!));
    expect(entries.some((e) => e.endsWith('.pdf'))).toBe(true);
    expect(entries.some((e) => e.endsWith('.json'))).toBe(true);
    test.info().annotations.push({ type: 'packet.zip', description: entries.join(', ') });
  } finally {
    await receiver.close();
  }
});
