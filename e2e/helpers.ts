import { expect, type Page } from '@playwright/test';
import crypto from 'node:crypto';
import config from '../playwright.config';

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

/** The base Chromium flags of playwright.config.ts plus extra ones (e.g. fake camera and mic). */
export function launchWith(...extra: string[]) {
  const base = config.use?.launchOptions ?? {};
  return { ...base, args: [...(base.args ?? []), ...extra] };
}

export const FAKE_MEDIA = ['--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream'];

/** Fake camera plus a WAV file as the microphone (it loops), with audio allowed to autoplay. */
export const fakeMediaWithMic = (micWav: string) =>
  launchWith(
    ...FAKE_MEDIA,
    `--use-file-for-fake-audio-capture=${micWav}`,
    '--autoplay-policy=no-user-gesture-required',
  );
