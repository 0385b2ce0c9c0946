import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { makePdfResume, painted, signInWithToken, signUpThroughUi } from './helpers';

/**
 * Issue 43, items 18 and 19, in the browser at a phone's and a desktop's width: the onboarding's
 * field messages beside their fields (an empty City, a phone of letters), the server's reason for a
 * .txt résumé, and the job form's blind review message in percent. Screenshots to /tmp/h8-*.png.
 */
test.describe.configure({ timeout: 120_000 });

async function shot(page: Page, name: string, width: number) {
  await painted(page);
  await page.screenshot({ path: `/tmp/h8-${name}-${width}.png`, fullPage: true });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `${name} at ${width} px runs off the side`).toBeLessThanOrEqual(0);
}

for (const width of [390, 1280]) {
  test(`onboarding marks each field that needs attention and shows the server's reason for a .txt résumé (${width} px)`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: width < 600 ? 844 : 900 });
    await signUpThroughUi(page);
    await expect(page.getByRole('heading', { name: 'Upload Resume', level: 1 })).toBeVisible();

    const txt = '/tmp/h8-cv.txt';
    fs.writeFileSync(txt, 'Plain text resume');
    await page
      .getByLabel('Resume file')
      .setInputFiles({ name: 'cv.txt', mimeType: 'text/plain', buffer: fs.readFileSync(txt) });
    await expect(page.getByRole('alert')).toContainText('Unsupported file type');
    await expect(page.getByRole('alert')).not.toContainText('Please try again');
    await shot(page, 'resume-txt', width);

    await page
      .getByLabel('Resume file')
      .setInputFiles({ name: 'maria-resume.pdf', mimeType: 'application/pdf', buffer: await makePdfResume() });
    await expect(page.getByTestId('resume-file-name')).toHaveText('maria-resume.pdf');
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByRole('heading', { name: 'General PCA', level: 1 })).toBeVisible();
    await page.getByLabel(/^City/).fill('');
    await page.getByLabel(/^Phone/).fill('abc');
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByRole('alert')).toHaveText('Please fill in all required fields');
    await expect(page.getByLabel(/^City/)).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByText('Enter your city')).toBeVisible();
    await expect(page.getByText('Enter a phone number in digits, e.g. +1 555 010 0199')).toBeVisible();
    await expect(page.getByLabel(/^First name/)).not.toHaveAttribute('aria-invalid');
    await shot(page, 'onboarding-step2-errors', width);
  });

  test(`the job form's blind review message speaks in percent (${width} px)`, async ({ page, admin }) => {
    await page.setViewportSize({ width, height: width < 600 ? 844 : 900 });
    await signInWithToken(page, admin.token, '/admin/jobs/new');
    const blind = page.getByLabel('Blind review (% of interviews)');
    await blind.fill('150');
    await page.getByRole('button', { name: 'Create job' }).click();
    await expect(blind).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByText('Blind review must be a percent from 0 to 100')).toBeVisible();
    await expect(page.getByText(/from 0 to 1$/)).toHaveCount(0);
    await blind.scrollIntoViewIfNeeded();
    await shot(page, 'job-form-blind', width);
  });
}
