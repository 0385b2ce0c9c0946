import type { APIRequestContext, Locator, Page } from '@playwright/test';
import fs from 'node:fs';
import { expect, test, type Candidate } from './fixtures';
import { acceptForJob, api, atBothWidths, openFromNav, signInWithToken } from './helpers';

/**
 * Issue 36 items 5-9 through the real server and both UIs: a rater with approved work and every
 * onboarding item done requests a payout (the balance moves from available to pending; a second press
 * reads the server's 409), the provider builds a batch, downloads its NACHA file and marks the item
 * paid, the rater sees it paid and downloads the year's statement; a rejected task is disputed,
 * overturned in the console and becomes available, and a payout of it the bank returns comes back
 * with its reason. Each screen is checked at 1280 and 390 px wide; with SCREENSHOT_DIR set, captured.
 */
const money = (dollars: number) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(dollars);

/** An earnings card (Total Earnings, Available Balance, Pending Payment) by its heading. */
const card = (page: Page, title: string): Locator =>
  page.locator('section').filter({ has: page.getByRole('heading', { name: title, exact: true }) });

/** Every onboarding item of the job through the API (contracting.spec.ts walks the screens). */
async function completeOnboarding(request: APIRequestContext, candidate: Candidate, jobId: string) {
  const { items } = await api<{ items: { key: string; document_id?: string }[] }>(
    request,
    'get',
    `/api/jobs/${jobId}/onboarding`,
    candidate.token,
  );
  for (const item of items.filter((i) => i.document_id)) {
    await api(request, 'get', `/api/documents/${item.document_id}`, candidate.token);
    await api(request, 'post', `/api/documents/${item.document_id}/sign`, candidate.token, {
      full_name: 'Ada Lovelace',
      agree: true,
      electronic_consent: true,
    });
  }
  await api(request, 'put', '/api/tax-profile', candidate.token, {
    form: 'w9',
    legal_name: 'Ada Lovelace',
    tax_classification: 'individual',
    tin_type: 'ssn',
    tin: '123-45-6788',
    address: { line1: '1 Main Street', city: 'Springfield', region: 'IL', postal_code: '62701', country: 'US' },
    certify: true,
    signature_name: 'Ada Lovelace',
  });
  await api(request, 'put', '/api/payout-method', candidate.token, {
    type: 'us_bank',
    account_holder: 'Ada Lovelace',
    bank_name: 'First Test Bank',
    routing_number: '011000015',
    account_number: '000123456789',
    current_password: candidate.password,
  });
  const after = await api<{ items: { status: string }[] }>(
    request,
    'get',
    `/api/jobs/${jobId}/onboarding`,
    candidate.token,
  );
  expect(after.items.map((i) => i.status)).toEqual(Array(7).fill('done'));
}

/**
 * Rates one task on the real task screen. Pay is per second between the task's start and its submit
 * (rounded to cents), so before submitting the rater has been on it for two seconds by the server's
 * own clock (the same machine's): on a loaded machine the screen alone takes that long, on a quick one
 * the poll holds the submit until then.
 */
async function rateOnScreen(page: Page, request: APIRequestContext, token: string, taskId: string, name: string) {
  const started = await api<{ started_at: string }>(request, 'post', `/api/annotations/${taskId}/start`, token);
  await page.goto(`/annotate/${taskId}`);
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible({ timeout: 20_000 });
  await page.getByRole('button', { name: '4 - Strong Execution' }).click();
  await page.getByRole('textbox', { name: 'Feedback' }).fill('Clear, short and on brand.');
  await expect
    .poll(() => Date.now() - Date.parse(started.started_at), { message: 'two seconds on the task', intervals: [250] })
    .toBeGreaterThanOrEqual(2_000);
  await page.getByRole('button', { name: 'Submit Feedback' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Submit' }).click();
  await page.waitForURL((url) => url.pathname !== `/annotate/${taskId}`, { timeout: 20_000 });
}

type Transaction = { task_id: string | null; amount: number; status: string };

test('a rater requests a payout, the provider pays it by NACHA file, and a disputed rejection is overturned', async ({
  page,
  browser,
  request,
  admin,
  candidate,
  activeJob,
}) => {
  test.setTimeout(420_000);
  const rater = page;
  const email = candidate.email;

  // --- Set-up: accepted for the job, every onboarding item done, two tasks rated on screen; the
  // provider approves the first and rejects the second with a reason.
  await signInWithToken(rater, candidate.token, '/jobs');
  await acceptForJob(rater, request, admin.token, { ...candidate, name: 'Ada Lovelace' }, activeJob.id);
  await completeOnboarding(request, candidate, activeJob.id);
  const task = (name: string) => ({
    task_name: name,
    data_to_annotate: { title: name, data_type: 'text', data_content: { text: `${name}: Fresh bread daily.` } },
    assignee_id: candidate.id,
  });
  const [approved, rejected] = await api<{ id: string }[]>(
    request,
    'post',
    `/api/admin/jobs/${activeJob.id}/tasks`,
    admin.token,
    { tasks: [task('Rate headline 1'), task('Rate headline 2')] },
  );
  await rateOnScreen(rater, request, candidate.token, approved!.id, 'Rate headline 1');
  await rateOnScreen(rater, request, candidate.token, rejected!.id, 'Rate headline 2');
  await api(request, 'post', `/api/admin/tasks/${approved!.id}/review`, admin.token, { approved: true });
  const rejection = 'The rating ignores the typo in the headline.';
  await api(request, 'post', `/api/admin/tasks/${rejected!.id}/review`, admin.token, {
    approved: false,
    reason: rejection,
  });
  const transactions = await api<Transaction[]>(
    request,
    'get',
    `/api/earnings/user/${candidate.id}/transactions`,
    candidate.token,
  );
  const earned = transactions.find((t) => t.task_id === approved!.id)!.amount;
  const disputed = transactions.find((t) => t.task_id === rejected!.id)!.amount;
  expect(earned, 'the approved task earned something').toBeGreaterThan(0);
  expect(disputed, 'the rejected task would have earned something').toBeGreaterThan(0);

  // --- Item 5: Request Payout moves the whole available balance to pending; a second press reads the 409.
  await rater.goto('/earnings');
  await expect(card(rater, 'Available Balance')).toContainText(money(earned));
  await expect(card(rater, 'Pending Payment')).toContainText(money(0));
  await atBothWidths(rater, 'earnings-before-request', async () => {
    await expect(rater.getByRole('button', { name: 'Request Payout' })).toBeVisible();
  });
  await rater.getByRole('button', { name: 'Request Payout' }).click();
  await expect(rater.getByRole('status').filter({ hasText: 'Payout of' })).toHaveText(
    `Payout of ${money(earned)} requested`,
  );
  await expect(card(rater, 'Available Balance')).toContainText(money(0));
  await expect(card(rater, 'Pending Payment')).toContainText(money(earned));
  // Requested money is paid on a payout day, not after the review window: no review date for it.
  await expect(card(rater, 'Pending Payment')).toContainText(`${money(earned)} requested: paid on the next payout day`);
  await expect(card(rater, 'Pending Payment')).not.toContainText('Available on');
  const requests = rater.getByTestId('payout-request');
  await expect(requests).toHaveCount(1);
  await expect(requests.first()).toContainText(money(earned));
  await expect(requests.first()).toContainText('Requested');
  // The earning the request holds is no longer called Available.
  await expect(rater.getByTestId('transaction').filter({ hasText: 'Rate headline 1' })).toContainText('Requested');
  await rater.getByRole('button', { name: 'Request Payout' }).click();
  await expect(card(rater, 'Available Balance').getByRole('alert')).toHaveText(
    'You already have a payout request in progress. It is paid in the next payout batch.',
  );
  await atBothWidths(rater, 'earnings-requested', async () => {
    await expect(card(rater, 'Available Balance').getByRole('alert')).toBeVisible();
    await expect(requests.first()).toBeVisible();
  });

  // --- Item 6: the provider builds a batch, downloads its NACHA file and marks the item paid.
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const provider = await context.newPage();
  await signInWithToken(provider, admin.token, '/admin/payout-batches');
  await expect(provider.getByRole('heading', { name: 'Payout batches', level: 1 })).toBeVisible();
  await provider.getByRole('button', { name: 'Build payout batch' }).click();
  const items = provider.getByRole('table', { name: 'Batch items' });
  const item = items.getByRole('row').filter({ hasText: email });
  await expect(item).toContainText(money(earned));
  await expect(item).toContainText('nacha');
  await expect(item).toContainText('Batched');
  await atBothWidths(provider, 'console-batch', async () => {
    await expect(provider.getByRole('button', { name: 'NACHA file' })).toBeVisible();
    await expect(item.getByRole('button', { name: `Mark paid ${email}` })).toBeVisible();
  });
  const download = provider.waitForEvent('download');
  await provider.getByRole('button', { name: 'NACHA file' }).click();
  const nacha = fs.readFileSync((await (await download).path())!, 'utf8');
  const records = nacha.split(/\r?\n/).filter((l) => l.length > 0);
  expect(records[0]!.startsWith('1'), 'the file header record is type 1').toBe(true);
  for (const record of records) expect(record).toHaveLength(94);
  expect(records.length % 10, 'blocked by 10').toBe(0);
  const entries = records.filter((r) => r.startsWith('6'));
  expect(entries).toHaveLength(1);
  // The entry detail's amount (positions 30-39) in cents, and the last four of the account only on screen.
  expect(entries[0]!.slice(29, 39)).toBe(String(Math.round(earned * 100)).padStart(10, '0'));
  await item.getByRole('button', { name: `Mark paid ${email}` }).click();
  await expect(item).toContainText('Paid');
  await expect(item.getByRole('button', { name: `Mark paid ${email}` })).toHaveCount(0);

  // The rater sees it paid: the request, the week in the payouts table, the task's earning.
  await rater.reload();
  await expect(requests.first()).toContainText('Paid');
  await expect(rater.getByTestId('payout-row').first()).toContainText('Paid');
  await expect(rater.getByTestId('transaction').filter({ hasText: 'Rate headline 1' })).toContainText('Completed');
  await expect(card(rater, 'Pending Payment')).toContainText(money(0));
  await atBothWidths(rater, 'earnings-paid', async () => {
    await expect(rater.getByTestId('payout-row').first()).toBeVisible();
  });

  // --- Item 8: the year's statement lists the earning and the payout.
  const statement = rater.waitForEvent('download');
  await rater.getByRole('button', { name: 'Download Statement', exact: true }).click();
  const csvFile = await statement;
  expect(csvFile.suggestedFilename()).toBe(`earnings-statement-${new Date().getFullYear()}.csv`);
  // Fields are quoted where needed; a comma inside quotes does not split.
  const rows = fs
    .readFileSync((await csvFile.path())!, 'utf8')
    .split(/\r?\n/)
    .filter((l) => l.length > 0)
    .map((l) => l.split(/,(?=(?:[^"]*"[^"]*")*[^"]*$)/).map((f) => f.replace(/^"|"$/g, '').replaceAll('""', '"')));
  expect(rows[0]).toEqual(['date', 'type', 'description', 'reference', 'hours', 'rate_per_hour', 'amount', 'status']);
  const earning = rows.find((r) => r[1] === 'earning' && r[2]!.includes('Rate headline 1'));
  expect(earning, 'the approved earning').toBeDefined();
  expect(Math.abs(Number(earning![6]))).toBe(earned);
  const payout = rows.find((r) => r[1] === 'payout');
  expect(payout, 'the payout').toBeDefined();
  expect(Number(payout![6])).toBe(-earned);

  // --- Item 9: the rejected task, disputed with a reason from the earnings page.
  const rejectedRow = rater.getByTestId('transaction').filter({ hasText: 'Rate headline 2' });
  await expect(rejectedRow).toContainText(`Reason: ${rejection}`);
  await rejectedRow.getByRole('button', { name: 'Dispute' }).click();
  await rejectedRow
    .getByLabel('Why should this be reviewed again?')
    .fill('The headline has no typo: "daily" is spelled right.');
  await atBothWidths(rater, 'earnings-dispute-form', async () => {
    await expect(rejectedRow.getByRole('button', { name: 'Send dispute' })).toBeVisible();
  });
  await rejectedRow.getByRole('button', { name: 'Send dispute' }).click();
  await expect(rejectedRow.getByRole('status')).toHaveText('Dispute sent');
  await expect(rater.getByTestId('dispute').filter({ hasText: 'Rate headline 2' })).toContainText('Open');

  // The provider overturns it with a reason on the Disputes page.
  const resolution = 'Checked again: the headline is spelled right, the work stands.';
  await atBothWidths(provider, 'console-disputes', async (width) => {
    await openFromNav(provider, 'Disputes', width);
    await expect(provider.getByRole('heading', { name: 'Disputes', level: 1 })).toBeVisible();
    await expect(
      provider.getByRole('table', { name: 'Disputes' }).getByRole('row').filter({ hasText: email }),
    ).toContainText('spelled right');
  });
  const dispute = provider.getByRole('table', { name: 'Disputes' }).getByRole('row').filter({ hasText: email });
  await dispute.getByRole('button', { name: `Resolve dispute of ${email} on Rate headline 2` }).click();
  await dispute.getByLabel('Outcome').selectOption('overturned');
  await dispute.getByLabel('Reason').fill(resolution);
  await atBothWidths(provider, 'console-dispute-resolve', async () => {
    await expect(dispute.getByRole('button', { name: 'Resolve', exact: true })).toBeVisible();
  });
  await dispute.getByRole('button', { name: 'Resolve', exact: true }).click();
  await expect(provider.getByText('No disputes here.')).toBeVisible();
  await provider.getByLabel('Status').selectOption('overturned');
  await expect(
    provider.getByRole('table', { name: 'Disputes' }).getByRole('row').filter({ hasText: email }),
  ).toContainText(resolution);

  // The rater sees the earning available, and the dispute overturned with the provider's reason.
  await rater.reload();
  await expect(rejectedRow).toContainText('Available');
  await expect(card(rater, 'Available Balance')).toContainText(money(disputed));
  const disputeRow = rater.getByTestId('dispute').filter({ hasText: 'Rate headline 2' });
  await expect(disputeRow).toContainText('Overturned');
  await expect(disputeRow).toContainText(resolution);
  await atBothWidths(rater, 'earnings-overturned', async () => {
    await expect(disputeRow).toBeVisible();
  });

  // --- Item 6, the other outcome: that money requested, batched, and returned by the bank with a reason.
  await rater.getByRole('button', { name: 'Request Payout' }).click();
  await expect(rater.getByRole('status').filter({ hasText: 'Payout of' })).toHaveText(
    `Payout of ${money(disputed)} requested`,
  );
  await expect(requests).toHaveCount(2);
  await provider.goto('/admin/payout-batches');
  await provider.getByRole('button', { name: 'Build payout batch' }).click();
  await expect(item).toContainText(money(disputed));
  await expect(item).toContainText('Batched');
  await item.getByRole('button', { name: `Mark failed ${email}` }).click();
  const returned = 'R02 account closed';
  await item.getByLabel('Why the bank returned it').fill(returned);
  await atBothWidths(provider, 'console-batch-failing', async () => {
    await expect(item.getByRole('button', { name: 'Confirm failed' })).toBeVisible();
  });
  await item.getByRole('button', { name: 'Confirm failed' }).click();
  await expect(item).toContainText('Failed');
  await expect(item).toContainText(returned);

  await rater.reload();
  await expect(requests.first()).toContainText('Failed');
  await expect(requests.first()).toContainText(`Reason: ${returned}`);
  await expect(card(rater, 'Available Balance')).toContainText(money(disputed));
  await expect(card(rater, 'Pending Payment')).toContainText(money(0));
  await atBothWidths(rater, 'earnings-failed', async () => {
    await expect(requests.first()).toBeVisible();
  });
  await context.close();
});
