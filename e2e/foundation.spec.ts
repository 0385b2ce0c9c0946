import { expect, test } from '@playwright/test';
import { forgetStoredSession, logInThroughUi, signInWithToken, signUpThroughUi, uniqueEmail } from './helpers';

test('sign up lands on onboarding, and the session survives a reload', async ({ page }) => {
  await signUpThroughUi(page);
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeTruthy();
  await page.reload();
  await expect(page).toHaveURL(/\/onboarding$/);
  // A route that needs a complete profile sends an incomplete one back to onboarding.
  await page.goto('/jobs');
  await expect(page).toHaveURL(/\/onboarding$/);
});

test('a wrong password shows the error in the red box and re-enables the button', async ({ page }) => {
  const { email } = await signUpThroughUi(page);
  await forgetStoredSession(page);
  await logInThroughUi(page, email, 'not-the-password');
  const alert = page.getByRole('alert');
  await expect(alert).toHaveText('Invalid email or password');
  await expect(alert).toHaveClass(/bg-red-50/);
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeEnabled();
});

test('a second sign-up with the same e-mail shows the server detail', async ({ page }) => {
  const { email } = await signUpThroughUi(page);
  await forgetStoredSession(page);
  await page.goto('/signup');
  await page.getByLabel('Email').fill(email.toUpperCase());
  await page.getByLabel('Password').fill('secret123');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByRole('alert')).toHaveText('An account with this email already exists');
});

test('an admin logs in, uses the sidebar, and logout returns to /login', async ({ page }) => {
  await logInThroughUi(page, 'admin@e2e.test', 'admin-password-e2e');
  // An admin lands on the provider console (issue 34, decision 0189); the app is one link away.
  await expect(page).toHaveURL(/\/admin\/jobs$/);
  await page.getByRole('link', { name: 'Back to the app' }).click();
  await expect(page).toHaveURL(/\/$/);
  const sidebar = page.getByRole('navigation', { name: 'Main', exact: true });
  await expect(page.getByText('Logged in as', { exact: true })).toBeVisible();
  await expect(page.getByTestId('logged-in-name')).toHaveText('Administrator');
  await sidebar.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  // Protected routes now send the visitor to /login.
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/login$/);
});

test('logging back in after logout reaches onboarding for an incomplete profile', async ({ page }) => {
  const { email, password } = await signUpThroughUi(page, uniqueEmail('back'));
  await forgetStoredSession(page);
  await logInThroughUi(page, email, password);
  await expect(page).toHaveURL(/\/onboarding$/);
});

test('an unknown path shows Page Not Found with a Go Home button', async ({ page }) => {
  await page.goto('/this/does/not/exist');
  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
  await page.getByRole('link', { name: 'Go Home' }).click();
  await expect(page).toHaveURL(/\/login$/);
});

test('a stored token the server rejects clears the session', async ({ page }) => {
  await signInWithToken(page, 'garbage', '/jobs');
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
});

for (const width of [390, 1280]) {
  test(`a signed-out first visit to / says what the product is and shows the open jobs (${width} wide)`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/');
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Paid, remote creative work' })).toBeVisible();
    // The sample jobs of an empty database are public: the newest are listed, each leading to sign-up.
    const open = page.getByRole('region', { name: 'Paid, remote creative work' }).getByRole('listitem');
    await expect(open.first()).toContainText('/hr');
    expect(await open.count()).toBeGreaterThan(0);
    await page.screenshot({ path: test.info().outputPath(`signed-out-home-${width}.png`), fullPage: true });
    await page.getByRole('link', { name: 'Create an account' }).click();
    await expect(page).toHaveURL(/\/signup$/);
  });
}
