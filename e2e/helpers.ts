import { expect, type Page } from '@playwright/test';
import crypto from 'node:crypto';

export const uniqueEmail = (prefix = 'user') => `${prefix}-${crypto.randomUUID().slice(0, 8)}@e2e.test`;

/** Signs up through the real form and waits for the redirect to onboarding. */
export async function signUpThroughUi(page: Page, email = uniqueEmail(), password = 'secret123') {
  await page.goto('/signup');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page).toHaveURL(/\/onboarding$/);
  return { email, password };
}

export async function logInThroughUi(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}
