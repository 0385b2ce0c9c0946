import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { uniqueEmail } from './helpers';

export { FAKE_MEDIA, launchWith } from './helpers';

/** A small, real one-page PDF resume. */
export async function makePdfResume(
  lines = [
    'Maria Gonzalez',
    'Motion Designer',
    'maria.gonzalez@example.com | +1 (415) 555-0134 | San Francisco, CA',
    'Experience',
    'Senior Motion Designer, Pixel Forge Studio',
    'Jan 2019 - Present',
    'Education',
    'Bachelor of Fine Arts in Animation',
    'California College of the Arts, 2015',
    'Skills',
    'After Effects, Cinema 4D, Figma, Blender',
  ],
): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([612, 792]);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  lines.forEach((line, i) => page.drawText(line, { x: 50, y: 740 - i * 18, size: 11, font }));
  return Buffer.from(await doc.save());
}

/** A new account through the API; returns its token and id. */
export async function registerViaApi(request: APIRequestContext, email = uniqueEmail('p1')) {
  const res = await request.post('/api/auth/register', { data: { email, password: 'secret123' } });
  expect(res.ok()).toBeTruthy();
  const body = (await res.json()) as { token: string; user: { id: string } };
  return { email, token: body.token, userId: body.user.id };
}

/** Completes the profile through the API (the onboarding journey covers the UI). */
export async function completeViaApi(request: APIRequestContext, token: string, payload: Record<string, unknown>) {
  const res = await request.put('/api/profile/complete', {
    headers: { authorization: `Bearer ${token}` },
    data: payload,
  });
  expect(res.ok(), await res.text()).toBeTruthy();
}

/** Opens the app with a stored session token. */
export async function signInWithToken(page: Page, token: string, path: string) {
  await page.goto('/login');
  await page.evaluate((t) => localStorage.setItem('token', t), token);
  await page.goto(path);
}

export async function firstActiveJob(request: APIRequestContext) {
  const res = await request.get('/api/jobs');
  expect(res.ok()).toBeTruthy();
  const body = (await res.json()) as unknown;
  const jobs = (Array.isArray(body) ? body : (body as { items: unknown[] }).items) as {
    id: string;
    title: string;
    position_type: string;
    status: string;
  }[];
  const job = jobs.find((j) => j.status === 'active') ?? jobs[0];
  expect(job).toBeTruthy();
  return job!;
}

/** Picks a country in a CountrySelect by its label. */
export async function pickCountry(page: Page, label: string, country: string) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByPlaceholder('Search countries...').fill(country);
  await page.getByRole('option', { name: country, exact: true }).click();
  await expect(page.getByRole('combobox', { name: label })).toHaveText(country);
}
