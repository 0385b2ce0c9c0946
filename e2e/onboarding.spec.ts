import { expect, test } from '@playwright/test';
import { signUpThroughUi } from './helpers';
import { makePdfResume, pickCountry } from './helpers';

test('sign up, complete the 4-step onboarding with a real PDF resume, and land on /', async ({ page }) => {
  test.setTimeout(90_000);
  await signUpThroughUi(page);

  // Step 1: Upload Resume.
  await expect(page.getByRole('heading', { name: 'Upload Resume', level: 1 })).toBeVisible();
  await expect(page.getByText('PDF, DOC or DOCX (maximum 10MB)')).toBeVisible();
  const steps = page.getByRole('navigation', { name: 'Onboarding steps' });
  await expect(steps.getByRole('button', { name: /Work Authorization/ })).toBeDisabled();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('alert')).toHaveText('Please upload your resume');

  await page
    .getByLabel('Resume file')
    .setInputFiles({ name: 'maria-resume.pdf', mimeType: 'application/pdf', buffer: await makePdfResume() });
  await expect(page.getByTestId('resume-file-name')).toHaveText('maria-resume.pdf');
  await page.getByRole('button', { name: 'Next' }).click();

  // Step 2: General PCA, prefilled from the resume and editable.
  await expect(page.getByRole('heading', { name: 'General PCA', level: 1 })).toBeVisible();
  const firstName = page.getByLabel(/^First name/);
  await expect(firstName).toHaveValue('Maria');
  await expect(page.locator('label', { hasText: 'First name' })).toContainText('prefilled');
  await expect(page.getByLabel(/^Email/)).toHaveAttribute('readonly', '');
  await page.getByLabel(/^City/).fill('');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('alert')).toHaveText('Please fill in all required fields');
  await page.getByLabel(/^City/).fill('Toronto');
  await pickCountry(page, 'Country', 'Canada');
  await page.getByLabel(/^Phone/).fill('+1 416 555 0100');
  await page.getByRole('button', { name: 'Next' }).click();

  // Step 3: Background.
  await expect(page.getByRole('heading', { name: 'Background', level: 1 })).toBeVisible();
  await page.getByLabel(/^Bio/).fill('');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('alert')).toHaveText('Please provide bio and at least one expertise area');
  await page.getByLabel(/^Bio/).fill('Motion designer who loves storyboards.');
  const skill = page.getByPlaceholder('Add skill...');
  await skill.fill('  Storyboarding  ');
  await skill.press('Enter');
  await skill.fill('storyboarding');
  await page.getByRole('button', { name: 'Add expertise' }).click();
  await expect(page.getByRole('button', { name: 'Remove Storyboarding' })).toHaveCount(1);
  await page.getByRole('button', { name: 'Add project' }).click();
  await page.getByLabel('Project name').fill('Launch film');
  await page.getByRole('button', { name: 'Add certification' }).click();
  await page.getByLabel('Certification name').fill('none');
  await page.getByLabel('Issuer').fill('N/A');
  await page.getByRole('button', { name: 'Next' }).click();

  // Earlier steps stay reachable from the side navigation.
  await steps.getByRole('button', { name: /General PCA/ }).click();
  await expect(page.getByLabel(/^City/)).toHaveValue('Toronto');
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('button', { name: 'Next' }).click();

  // Step 4: Work Authorization.
  await expect(page.getByRole('heading', { name: 'Work Authorization', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Complete' }).click();
  await expect(page.getByRole('alert')).toHaveText('Please select work authorization status');
  await page.getByLabel('Work visa/permit').check();
  await page.getByRole('button', { name: 'Complete' }).click();
  await expect(page.getByRole('alert')).toHaveText('Please select your citizenship country');
  await pickCountry(page, 'Citizenship country', 'Mexico');
  await page.getByRole('button', { name: 'Complete' }).click();

  // The cosmetic verification, then '/'.
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: 'Verifying Your Profile' })).toBeVisible();
  await expect(dialog.getByText('20%')).toBeVisible();
  await expect(dialog.getByText('Validating work authorization in Mexico...')).toBeVisible();
  await expect(dialog.getByRole('heading', { name: 'Verification Complete!' })).toBeVisible({ timeout: 15_000 });
  await expect(dialog.getByText('Verified! Welcome to Human Data Studio.')).toBeVisible();
  await expect(page).toHaveURL(/\/$/, { timeout: 10_000 });

  // What was saved: the profile screen shows it, and the empty certification was dropped.
  await page.goto('/profile');
  await expect(page.getByRole('heading', { name: /^Maria/, level: 1 })).toBeVisible();
  await expect(page.getByText('Launch film')).toBeVisible();
  await expect(page.getByText('No certifications added yet')).toBeVisible();
  await expect(page.getByRole('link', { name: 'View resume' })).toHaveAttribute(
    'href',
    /^http:\/\/127\.0\.0\.1:\d+\/api\/files\//,
  );
});

test('mobile: a progress header with Step N of M, and no side navigation', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await signUpThroughUi(page);
  await expect(page.getByRole('banner').getByText('Step 1 of 4')).toBeVisible();
  await expect(page.getByRole('progressbar', { name: 'Onboarding progress' })).toHaveAttribute('aria-valuenow', '1');
  await expect(page.getByRole('navigation', { name: 'Onboarding steps' })).toBeHidden();
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(scrollWidth).toBeLessThanOrEqual(375);
});

test('a failed completion closes the progress screen and shows the parsed validation error', async ({ page }) => {
  test.setTimeout(90_000);
  await signUpThroughUi(page);
  await page
    .getByLabel('Resume file')
    .setInputFiles({ name: 'cv.pdf', mimeType: 'application/pdf', buffer: await makePdfResume() });
  await expect(page.getByTestId('resume-file-name')).toBeVisible();
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByLabel(/^First name/).fill('Test');
  await page.getByLabel(/^Last name/).fill('Person');
  await page.getByLabel(/^City/).fill('Lima');
  await pickCountry(page, 'Country', 'Peru');
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByLabel(/^Bio/).fill('Colorist');
  await page.getByPlaceholder('Add skill...').fill('Color grading');
  await page.getByPlaceholder('Add skill...').press('Enter');
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByLabel('Citizen/Permanent Resident').check();
  await pickCountry(page, 'Citizenship country', 'Peru');

  await page.route('**/api/profile/complete', (route) =>
    route.fulfill({
      status: 422,
      contentType: 'application/json',
      body: JSON.stringify({
        detail: [
          { loc: ['body', 'name'], msg: 'Name is too long', type: 'too_big' },
          { loc: ['body', 'bio'], msg: 'Bio is required', type: 'too_small' },
        ],
      }),
    }),
  );
  await page.getByRole('button', { name: 'Complete' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await expect(page.getByRole('alert')).toHaveText('Validation error: Name is too long, Bio is required', {
    timeout: 15_000,
  });
  await expect(page.getByRole('dialog')).toBeHidden();
  await expect(page).toHaveURL(/\/onboarding$/);
});
