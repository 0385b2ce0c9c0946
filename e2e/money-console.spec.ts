import fs from 'node:fs';
import { expect, test } from './fixtures';
import { acceptForJob, api, atBothWidths, openFromNav, signInWithToken } from './helpers';

/**
 * Issue 36 through the provider console (decision 0212): a candidate signs a document, then the admin
 * opens its audit trail on the candidate's page, the 1099-NEC list with its CSV, and publishes a new
 * template version. Each screen is checked at 1280 and 390 px wide; with SCREENSHOT_DIR set, captured.
 */

test('the provider reads a signed document’s trail, the 1099-NEC list, and publishes a template version', async ({
  page,
  browser,
  request,
  admin,
  candidate,
  activeJob,
}) => {
  test.setTimeout(240_000);
  // The candidate: accepted for the job, then reads, consents to and signs the Terms of Work.
  await signInWithToken(page, candidate.token, '/jobs');
  await acceptForJob(page, request, admin.token, { ...candidate, name: 'Ada Lovelace' }, activeJob.id);
  await page.goto('/jobs');
  await page.getByTestId('your-job-card').filter({ hasText: activeJob.title }).click();
  await page.getByRole('button', { name: /Sign Terms of Work Document/ }).click();
  await expect(page.getByRole('heading', { name: 'Terms of Work' })).toBeVisible();
  await page.getByLabel('Full name').fill('Ada Lovelace');
  await page.getByRole('checkbox', { name: /I have read this disclosure/ }).check();
  await page.getByRole('checkbox', { name: /I agree to sign this document/ }).check();
  await page.getByRole('button', { name: 'Sign document' }).click();
  await expect(page.getByText(/Signed on/)).toBeVisible();

  // The provider, in a browser of its own.
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const console_ = await context.newPage();
  await signInWithToken(console_, admin.token, `/admin/candidates/${candidate.id}`);
  const documents = console_.getByRole('region', { name: 'Documents' });
  await expect(documents.getByRole('table', { name: 'Documents' })).toBeVisible();
  await documents.getByRole('button', { name: 'Audit trail of Terms of Work v1' }).click();
  const trail = console_.getByRole('region', { name: 'Audit trail: Terms of Work v1' });
  await expect(trail).toContainText(/SHA-256 of the sealed PDF: [0-9a-f]{64}/);
  await atBothWidths(console_, 'console-document-trail', async () => {
    const events = trail.getByRole('table', { name: 'Events of Terms of Work v1' }).getByRole('row');
    // The heading row, then viewed (at least once), consented and signed.
    await expect(events.filter({ hasText: 'Viewed' }).first()).toBeVisible();
    await expect(events.filter({ hasText: 'Consented' })).toHaveCount(1);
    await expect(events.filter({ hasText: 'Signed' })).toHaveCount(1);
    await expect(events.filter({ hasText: 'Signed' })).toContainText('Mozilla/5.0');
    await documents.scrollIntoViewIfNeeded();
  });
  const pdf = console_.waitForEvent('download');
  await documents.getByRole('button', { name: 'Signed PDF of Terms of Work v1' }).click();
  expect((await pdf).suggestedFilename()).toBe('terms_of_work-v1-signed.pdf');

  // The 1099-NEC list: last calendar year by default, its threshold said, and its CSV.
  const lastYear = new Date().getFullYear() - 1;
  await atBothWidths(console_, 'console-1099-nec', async (width) => {
    await openFromNav(console_, '1099-NEC', width);
    await expect(console_.getByRole('heading', { name: '1099-NEC', level: 1 })).toBeVisible();
    await expect(console_.getByLabel('Tax year')).toHaveValue(String(lastYear));
    await expect(console_.getByTestId('nec-threshold')).toContainText(`at least $600.00 in ${lastYear}`);
    await expect(console_.getByRole('button', { name: 'Download CSV' })).toBeVisible();
  });
  const csv = console_.waitForEvent('download');
  await console_.getByRole('button', { name: 'Download CSV' }).click();
  const file = await csv;
  expect(file.suggestedFilename()).toBe(`1099-nec-${lastYear}.csv`);
  const header = fs
    .readFileSync((await file.path())!, 'utf8')
    .split(/\r?\n/)[0]!
    .replaceAll('"', '');
  expect(header).toBe(
    'legal_name,business_name,tin_type,tin_last4,address_line1,address_line2,city,region,postal_code,country,total',
  );
  await console_.getByLabel('Tax year').selectOption(String(lastYear + 1));
  await expect(console_.getByTestId('nec-threshold')).toContainText(`at least $2,000.00 in ${lastYear + 1}`);

  // A new version of the payout policy: the form says it asks everyone to sign again.
  await atBothWidths(console_, 'console-document-templates', async (width) => {
    await openFromNav(console_, 'Document templates', width);
    const templates = console_.getByRole('table', { name: 'Document templates' });
    await expect(templates.getByRole('row')).toHaveCount(6);
    await expect(templates.getByRole('row').filter({ hasText: 'Terms of Work' })).toContainText('Version 1');
  });
  await console_.getByRole('button', { name: /^New version of Payout Polic/ }).click();
  const form = console_.getByRole('region', { name: /^New version of Payout Polic/ });
  await expect(form).toContainText('asked to sign it again');
  await form.getByLabel('Text').fill('Payouts for {{candidate_name}} follow the two-week cycle. Version two.');
  await atBothWidths(console_, 'console-template-form', async () => {
    await expect(form.getByRole('button', { name: /^Publish version \d+$/ })).toBeVisible();
  });
  await form.getByRole('button', { name: /^Publish version \d+$/ }).click();
  await expect(console_.getByRole('status').filter({ hasText: /is published/ })).toBeVisible();
  await expect(
    console_.getByRole('table', { name: 'Document templates' }).getByRole('row').filter({ hasText: 'Payout Polic' }),
  ).toContainText('earlier version');

  // The candidate's list now asks for the new version; the console shows it pending beside the signed one.
  const items = await api<{ items: { key: string; status: string }[] }>(
    request,
    'get',
    `/api/jobs/${activeJob.id}/onboarding`,
    candidate.token,
  );
  expect(items.items.find((i) => i.key === 'payout_policy')?.status).toBe('pending');
  await console_.goto(`/admin/candidates/${candidate.id}`);
  const rows = console_.getByRole('table', { name: 'Documents' }).getByRole('row');
  await expect(rows.filter({ hasText: 'Payout Policies' })).toHaveCount(2);
  await expect(rows.filter({ hasText: 'Terms of Work' })).toContainText('Signed');
  await context.close();
});
