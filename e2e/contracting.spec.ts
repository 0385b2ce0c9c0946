import type { Page } from '@playwright/test';
import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from './fixtures';
import { acceptForJob, api, painted, signInWithToken } from './helpers';

/**
 * Issue 36 items 1-4 through the UI: an accepted candidate signs a document, gives a W-9 and a bank
 * account, and the job page's list shows each item done. With SCREENSHOT_DIR set, each screen is
 * captured at 1280 and 390 px wide.
 */
const shotDir = process.env.SCREENSHOT_DIR;
async function shot(page: Page, name: string) {
  if (!shotDir) return;
  fs.mkdirSync(shotDir, { recursive: true });
  const size = page.viewportSize() ?? { width: 1280, height: 720 };
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await painted(page);
    await page.screenshot({ path: path.join(shotDir, `${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize(size);
}

test('an accepted candidate signs, gives a W-9 and a bank account, and the items turn done', async ({
  page,
  request,
  admin,
  candidate,
  activeJob,
}) => {
  test.setTimeout(180_000);
  await signInWithToken(page, candidate.token, '/jobs');
  await acceptForJob(page, request, admin.token, { ...candidate, name: 'Ada Lovelace' }, activeJob.id);

  await page.goto('/jobs');
  await page.getByTestId('your-job-card').filter({ hasText: activeJob.title }).click();
  await expect(page.getByTestId('onboarding-progress')).toHaveText('0 of 7 done');
  await shot(page, '01-job-onboarding-items');

  // Terms of Work: read, consent, sign.
  await page.getByRole('button', { name: /Sign Terms of Work Document/ }).click();
  await expect(page.getByRole('heading', { name: 'Terms of Work' })).toBeVisible();
  await expect(page.getByRole('article')).toContainText('Ada Lovelace');
  await shot(page, '02-document-to-sign');
  await page.getByLabel('Full name').fill('ada lovelace');
  await page.getByRole('checkbox', { name: /I agree to sign this document/ }).check();
  await page.getByRole('button', { name: 'Sign document' }).click();
  await expect(page.getByRole('alert')).toContainText('electronic records');
  await page.getByRole('checkbox', { name: /I have read this disclosure/ }).check();
  await page.getByRole('button', { name: 'Sign document' }).click();
  await expect(page.getByText(/Signed on/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Download signed PDF' })).toBeVisible();
  await shot(page, '03-document-signed');
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download signed PDF' }).click();
  expect((await download).suggestedFilename()).toBe('terms_of_work-v1-signed.pdf');

  // The tax form.
  await page.goto('/tax-form');
  await expect(page.getByRole('heading', { name: 'Tax form' })).toBeVisible();
  await page.getByLabel('Legal name (line 1)').fill('Ada Lovelace');
  await page.getByLabel('SSN').fill('123-45-6788');
  await page.getByLabel('Street address').fill('1 Main Street');
  await page.getByLabel('City').fill('Springfield');
  await page.getByLabel('Signature (type your legal name)').fill('Ada Lovelace');
  await page.getByRole('checkbox', { name: /penalties of perjury/ }).check();
  await shot(page, '04-tax-form');
  await page.getByRole('button', { name: 'Sign W-9' }).click();
  await expect(page.getByRole('status')).toHaveText('Your tax form is signed and saved.');
  await expect(page.getByRole('region', { name: 'Form on file' })).toContainText('SSN ending in 6788');
  await expect(page.locator('body')).not.toContainText('123-45-6788');

  // The bank account.
  await page.goto('/earnings?tab=settings');
  await page.getByRole('button', { name: 'Add Bank Account' }).click();
  await page.getByLabel('Account holder').fill('Ada Lovelace');
  await page.getByLabel('Bank name').fill('First Test Bank');
  // A routing number of zeros (or any 00 prefix) is marked on its field, and nothing is saved (issue 43 item 6).
  await page.getByLabel('Routing number').fill('000000000');
  await page.getByLabel('Account number').fill('000123456789');
  await page.getByLabel('Current password').fill(candidate.password);
  await page.getByRole('button', { name: 'Save bank account' }).click();
  await expect(page.getByLabel('Routing number')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('The routing number cannot be all zeros')).toBeVisible();
  await shot(page, '05a-routing-zeros-refused');
  await page.getByLabel('Routing number').fill('001000012');
  await page.getByRole('button', { name: 'Save bank account' }).click();
  await expect(page.getByText(/^A routing number cannot start with 00/)).toBeVisible();
  await page.getByLabel('Routing number').fill('011000015');
  await page.getByRole('button', { name: 'Save bank account' }).click();
  await expect(page.getByTestId('payout-method')).toContainText('•••• 6789');
  await expect(page.locator('body')).not.toContainText('000123456789');
  await shot(page, '05-payment-settings');

  await page.goto('/jobs');
  await page.getByTestId('your-job-card').filter({ hasText: activeJob.title }).click();
  await expect(page.getByTestId('onboarding-progress')).toHaveText('3 of 7 done');
  await shot(page, '06-job-onboarding-progress');
  const reply = await api<{ items: { key: string; status: string }[] }>(
    request,
    'get',
    `/api/jobs/${activeJob.id}/onboarding`,
    candidate.token,
  );
  expect(reply.items.filter((i) => i.status === 'done').map((i) => i.key)).toEqual([
    'terms_of_work',
    'tax_form',
    'payment_setup',
  ]);
});
