import { expect, test } from '@playwright/test';
import { completeViaApi, registerViaApi, signInWithToken } from './helpers';

test('edit the profile card by card and see it persist after a reload', async ({ page, request }) => {
  const { email, token } = await registerViaApi(request);
  await completeViaApi(request, token, {
    name: 'Ada Lovelace',
    bio: 'Illustrator',
    expertise: ['Illustration'],
    education: [{ school: 'Royal College of Art', degree: 'MA', field: 'Illustration', year: '2019' }],
  });
  await signInWithToken(page, token, '/profile');

  await expect(page.getByRole('heading', { name: 'Ada Lovelace', level: 1 })).toBeVisible();
  await expect(page.getByText(email).first()).toBeVisible();
  await expect(page.getByText('Active', { exact: true })).toBeVisible();
  await expect(page.getByText(`Member since ${new Date().getFullYear()}`)).toBeVisible();
  await expect(page.getByText('No resume added yet')).toBeVisible();
  await expect(page.getByText('No work experience added yet')).toBeVisible();

  // Personal Information: name editable, e-mail read-only.
  await page.getByRole('button', { name: 'Edit Personal Information' }).click();
  await expect(page.getByLabel('Email')).toHaveAttribute('readonly', '');
  await page.getByLabel(/^Full name/).fill('Ada King');
  await page.getByRole('button', { name: 'Save Personal Information' }).click();
  await expect(page.getByRole('heading', { name: 'Ada King', level: 1 })).toBeVisible();

  // Resume URL with the hint.
  await page.getByRole('button', { name: 'Edit Resume' }).click();
  await expect(
    page.getByText('Enter a public URL to your resume (Google Drive, Dropbox, personal website, etc.)'),
  ).toBeVisible();
  await page.getByLabel('Resume URL').fill('https://example.com/ada-cv.pdf');
  await page.getByRole('button', { name: 'Save Resume' }).click();
  await expect(page.getByRole('link', { name: 'View resume' })).toHaveAttribute(
    'href',
    'https://example.com/ada-cv.pdf',
  );

  // About.
  await page.getByRole('button', { name: 'Edit About' }).click();
  await expect(page.getByPlaceholder('Tell us about yourself...')).toBeVisible();
  await page.getByLabel('Bio').fill('Illustrator and storyboard artist.');
  await page.getByRole('button', { name: 'Save About' }).click();

  // Expertise: trimmed, no duplicates, removable.
  await page.getByRole('button', { name: 'Edit Expertise' }).click();
  const skill = page.getByPlaceholder('Add skill...');
  await skill.fill('  Storyboarding ');
  await skill.press('Enter');
  await skill.fill('illustration');
  await skill.press('Enter');
  await page.getByRole('button', { name: 'Remove Illustration' }).click();
  await page.getByRole('button', { name: 'Save Expertise' }).click();

  // Work experience: add one; education: remove the only entry.
  await page.getByRole('button', { name: 'Edit Work Experience' }).click();
  await page.getByRole('button', { name: 'Add work experience' }).click();
  await page.getByLabel('Company').fill('Pixel Forge');
  await page.getByLabel('Title').fill('Storyboard Artist');
  await page.getByLabel('Start date').fill('2021');
  await page.getByRole('button', { name: 'Save Work Experience' }).click();
  await page.getByRole('button', { name: 'Edit Education' }).click();
  await page.getByRole('button', { name: 'Remove education 1' }).click();
  await page.getByRole('button', { name: 'Save Education' }).click();
  await expect(page.getByText('No education added yet')).toBeVisible();

  await page.reload();
  await expect(page.getByRole('heading', { name: 'Ada King', level: 1 })).toBeVisible();
  await expect(page.getByText('Illustrator and storyboard artist.')).toBeVisible();
  const expertise = page.getByRole('region', { name: 'Expertise' });
  await expect(expertise.getByText('Storyboarding')).toBeVisible();
  await expect(expertise.getByText('Illustration')).toHaveCount(0);
  await expect(page.getByText('Storyboard Artist · Pixel Forge')).toBeVisible();
  await expect(page.getByText('No education added yet')).toBeVisible();
  await expect(page.getByRole('link', { name: 'View resume' })).toBeVisible();
  await expect(page.getByTestId('logged-in-name')).toHaveText('Ada King');
});

test('profile at 375 px fits the screen', async ({ page, request }) => {
  const { token } = await registerViaApi(request);
  await completeViaApi(request, token, { name: 'Mo Bile', bio: 'Small screens', expertise: ['UI'] });
  await page.setViewportSize({ width: 375, height: 800 });
  await signInWithToken(page, token, '/profile');
  await expect(page.getByRole('heading', { name: 'Mo Bile', level: 1 })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
});
