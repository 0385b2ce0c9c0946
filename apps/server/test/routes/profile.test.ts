import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { buildTestApp, type TestContext } from '../helpers/build';
import { interviews, jobs, profiles, users } from '../../src/db/schema';
import { saveFile } from '../../src/storage';

let t: TestContext;
beforeAll(async () => (t = await buildTestApp()));
afterAll(() => t.close());

const complete = (token: string, payload: unknown) => t.put('/api/profile/complete', token, payload as object);
const me = async (token: string) => (await t.get('/api/profile/me', token)).json();

/** Fields the profile keeps exactly as sent. */
const keptAsSent = {
  work_authorization: 'work_visa',
  citizenship: 'United Kingdom',
  phone: '+44 20 7946 0000',
  city: 'London',
  country: 'United Kingdom',
  linkedin_url: 'https://www.linkedin.com/in/ada',
  summary: 'Hands-on lead.',
};

const onboardingPayload = {
  name: 'Ada Lovelace',
  bio: 'Motion designer with ten years in studios.',
  expertise: ['After Effects', ' after effects ', '', 'Cinema 4D'],
  resume_url: '/api/files/7c6f0a86-7d1a-4b8e-9a55-0a7f8e0c1d2e',
  ...keptAsSent,
  education: [
    { school: 'Royal College of Art', degree: 'MA', field: 'Animation', year: '2012' },
    { school: 'none', degree: 'N/A', field: '', year: '' },
  ],
  work_experience: [
    { company: 'Studio North', title: 'Lead', startDate: '2015', endDate: 'Present', description: 'Titles' },
    { company: '', title: '  ', startDate: '', endDate: '', description: 'n/a' },
  ],
  projects: [{ name: 'Idents', description: 'Channel idents', url: 'https://example.com/idents' }],
  publications: [{ title: 'None', publisher: 'none', year: 'NONE', url: '' }],
  certifications: [{ name: 'Adobe ACP', issuer: 'Adobe', year: '2020' }],
};

describe('GET /api/profile/me', () => {
  it('returns the signed-in user with an empty profile', async () => {
    const { token, user } = await t.signUp();
    const res = await t.get('/api/profile/me', token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: user.id, email: user.email, profile_completed: false, expertise: [] });
  });

  it('401 without a token and with a forged one', async () => {
    const none = await t.get('/api/profile/me');
    expect(none.statusCode).toBe(401);
    expect(none.json().detail).toEqual(expect.any(String));
    const forged = await t.get('/api/profile/me', 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4Iiwicm9sZSI6ImFkbWluIn0.bad');
    expect(forged.statusCode).toBe(401);
  });
});

/** The onboarding payload naming a résumé this user uploaded (a profile may name only its owner's files). */
async function onboardingFor(userId: string) {
  const resume = await saveFile(t.app.db, t.app.storage, {
    ownerId: userId,
    purpose: 'resume',
    contentType: 'application/pdf',
    body: [Buffer.from('%PDF-1.4 résumé')],
    maxBytes: 1e6,
  });
  return { ...onboardingPayload, resume_url: `/api/files/${resume.id}` };
}

describe('PUT /api/profile/complete', () => {
  it('refuses a phone without digits (422, the shared message) and keeps a real one (issue 43)', async () => {
    const { token, user } = await t.signUp();
    const payload = await onboardingFor(user.id);
    for (const phone of ['abc', '+', 'call me']) {
      const res = await complete(token, { ...payload, phone });
      expect(res.statusCode, phone).toBe(422);
      expect(JSON.stringify(res.json().detail)).toContain('Enter a phone number in digits, e.g. +1 555 010 0199');
    }
    expect((await me(token)).profile_completed).toBe(false);
    for (const phone of ['+1 (555) 010-0199', '020 7946 0000', '']) {
      expect((await complete(token, { ...payload, phone })).statusCode, phone).toBe(200);
    }
  });

  it('saves every field, cleans lists, de-dupes expertise, completes the profile and returns the user', async () => {
    const { token, user } = await t.signUp();
    const payload = await onboardingFor(user.id);
    const res = await complete(token, payload);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      id: user.id,
      email: user.email,
      name: 'Ada Lovelace',
      profile_completed: true,
      bio: 'Motion designer with ten years in studios.',
      expertise: ['After Effects', 'Cinema 4D'],
      resume_url: payload.resume_url,
      ...keptAsSent,
      education: [{ school: 'Royal College of Art', degree: 'MA', field: 'Animation', year: '2012' }],
      work_experience: [
        { company: 'Studio North', title: 'Lead', startDate: '2015', endDate: 'Present', description: 'Titles' },
      ],
      projects: [{ name: 'Idents', description: 'Channel idents', url: 'https://example.com/idents' }],
      publications: [],
      certifications: [{ name: 'Adobe ACP', issuer: 'Adobe', year: '2020' }],
    });
    // Same shape as GET /api/profile/me.
    expect(await me(token)).toEqual(body);
  });

  it('accepts the application wizard payload and keeps fields it leaves out', async () => {
    const { token, user } = await t.signUp();
    expect((await complete(token, await onboardingFor(user.id))).statusCode).toBe(200);
    const res = await complete(token, {
      name: 'Ada King',
      bio: 'Creative professional',
      expertise: ['Nuke'],
      position: 'Compositor',
      skills: ['Nuke', 'nuke', 'Houdini'],
      experience_years: 11,
      education: [],
      work_experience: onboardingPayload.work_experience,
      projects: [],
      publications: [],
      certifications: [],
      resume_url: '',
      work_authorization: 'need_sponsorship',
      citizenship: '',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      name: 'Ada King',
      position: 'Compositor',
      skills: ['Nuke', 'Houdini'],
      experience_years: 11,
      education: [],
      resume_url: null,
      work_authorization: 'need_sponsorship',
      citizenship: null,
      // Not in the wizard's payload: kept from onboarding.
      city: 'London',
      phone: '+44 20 7946 0000',
      linkedin_url: 'https://www.linkedin.com/in/ada',
    });
  });

  it('answers missing name, bio and expertise with a 422 list and saves nothing', async () => {
    const { token, user } = await t.signUp();
    const res = await complete(token, { name: ' ', city: 'Paris', expertise: ['  '] });
    expect(res.statusCode).toBe(422);
    expect(res.json().detail).toEqual([
      { loc: ['body', 'name'], msg: 'Name is required', type: expect.any(String) },
      { loc: ['body', 'bio'], msg: 'Bio is required', type: expect.any(String) },
      { loc: ['body', 'expertise'], msg: 'Please provide at least one expertise area', type: expect.any(String) },
    ]);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({ name: null, profileCompleted: false });
    expect(await t.database.db.select().from(profiles).where(eq(profiles.userId, user.id))).toEqual([]);
  });

  it('leaves a completed profile unchanged when an update is invalid', async () => {
    const { token, user } = await t.signUp();
    expect((await complete(token, await onboardingFor(user.id))).statusCode).toBe(200);
    const before = await me(token);
    const res = await complete(token, {
      ...onboardingPayload,
      name: 'Changed',
      work_authorization: 'tourist',
      resume_url: 'javascript:alert(1)',
      experience_years: -3,
    });
    expect(res.statusCode).toBe(422);
    const locs = res.json().detail.map((d: { loc: unknown[] }) => d.loc.join('.'));
    expect(locs).toEqual(
      expect.arrayContaining(['body.work_authorization', 'body.resume_url', 'body.experience_years']),
    );
    expect(await me(token)).toEqual(before);
  });

  it('enforces list and text limits', async () => {
    const { token } = await t.signUp();
    const tooMany = Array.from({ length: 51 }, (_, i) => `skill ${i}`);
    const res = await complete(token, { ...onboardingPayload, expertise: tooMany, bio: 'x'.repeat(5001) });
    expect(res.statusCode).toBe(422);
    expect(res.json().detail.map((d: { loc: unknown[] }) => d.loc.join('.'))).toEqual(['body.bio', 'body.expertise']);
  });

  it('requires a bearer token', async () => {
    const res = await t.put('/api/profile/complete', null, onboardingPayload);
    expect(res.statusCode).toBe(401);
  });
});

describe('GET /api/profile/interview-status', () => {
  it('is null without interviews and the latest interview with its job title otherwise', async () => {
    const { token, user } = await t.signUp();
    const empty = await t.get('/api/profile/interview-status', token);
    expect(empty.statusCode).toBe(200);
    expect(empty.json()).toBeNull();

    const db = t.database.db;
    const [job] = await db
      .insert(jobs)
      .values({ title: 'Motion Designer', description: 'd', positionType: 'Freelance' })
      .returning();
    await db.insert(interviews).values({
      candidateId: user.id,
      jobId: job!.id,
      status: 'rejected',
      createdAt: new Date('2026-01-01T10:00:00Z'),
    });
    const [latest] = await db
      .insert(interviews)
      .values({
        candidateId: user.id,
        jobId: job!.id,
        status: 'under_review',
        createdAt: new Date('2026-02-01T10:00:00Z'),
        completedAt: new Date('2026-02-01T10:30:00Z'),
      })
      .returning();
    // Someone else's newer interview is not the caller's.
    const other = await t.signUp();
    await db.insert(interviews).values({ candidateId: other.user.id, status: 'approved' });

    const res = await t.get('/api/profile/interview-status', token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      id: latest!.id,
      job_id: job!.id,
      job_title: 'Motion Designer',
      status: 'under_review',
      acceptance_status: null,
      created_at: '2026-02-01T10:00:00.000Z',
      completed_at: '2026-02-01T10:30:00.000Z',
    });
  });

  it('requires a bearer token', async () => {
    const res = await t.get('/api/profile/interview-status');
    expect(res.statusCode).toBe(401);
  });
});
