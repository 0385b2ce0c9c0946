import { desc, eq, sql } from 'drizzle-orm';
import type { LatestInterview, ProfileCompleteData } from '@app/shared';
import type { Db } from '../db/client';
import { interviews, jobs, profiles, users } from '../db/schema';
import { notFound } from '../http/http-errors';
import { assertOwnResume } from './uploads';
import { toUserDto } from './users';

/** The signed-in user with their whole profile, as GET /api/profile/me returns it. */
export async function getProfileMe(db: Db, userId: string) {
  const [row] = await db
    .select({ user: users, profile: profiles })
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(eq(users.id, userId))
    .limit(1);
  if (!row) throw notFound('User not found');
  const p = row.profile;
  return {
    ...toUserDto(row.user),
    bio: p?.bio ?? null,
    expertise: p?.expertise ?? [],
    position: p?.position ?? null,
    skills: p?.skills ?? [],
    experience_years: p?.experienceYears ?? null,
    education: p?.education ?? [],
    work_experience: p?.workExperience ?? [],
    projects: p?.projects ?? [],
    publications: p?.publications ?? [],
    certifications: p?.certifications ?? [],
    resume_url: p?.resumeUrl ?? null,
    work_authorization: p?.workAuthorization ?? null,
    citizenship: p?.citizenship ?? null,
    phone: p?.phone ?? null,
    city: p?.city ?? null,
    country: p?.country ?? null,
    linkedin_url: p?.linkedinUrl ?? null,
    summary: p?.summary ?? null,
  };
}

type ProfileRow = typeof profiles.$inferInsert;

/**
 * Saves the profile sent at the end of onboarding, by the application wizard or by the profile
 * screen, and marks the profile complete. Fields left out of the payload keep their stored value;
 * null or an empty list clears them. The user's name and the profile are written in one
 * transaction, so a failure saves nothing.
 */
export async function completeProfile(db: Db, userId: string, data: ProfileCompleteData) {
  const changes: Partial<ProfileRow> = {
    bio: data.bio,
    expertise: data.expertise,
  };
  if (data.position !== undefined) changes.position = data.position;
  if (data.skills !== undefined) changes.skills = data.skills ?? [];
  if (data.experience_years !== undefined) changes.experienceYears = data.experience_years;
  if (data.education !== undefined) changes.education = data.education;
  if (data.work_experience !== undefined) changes.workExperience = data.work_experience;
  if (data.projects !== undefined) changes.projects = data.projects;
  if (data.publications !== undefined) changes.publications = data.publications;
  if (data.certifications !== undefined) changes.certifications = data.certifications;
  if (data.resume_url !== undefined) changes.resumeUrl = data.resume_url;
  if (data.work_authorization !== undefined) changes.workAuthorization = data.work_authorization;
  if (data.citizenship !== undefined) changes.citizenship = data.citizenship;
  if (data.phone !== undefined) changes.phone = data.phone;
  if (data.city !== undefined) changes.city = data.city;
  if (data.country !== undefined) changes.country = data.country;
  if (data.linkedin_url !== undefined) changes.linkedinUrl = data.linkedin_url;
  if (data.summary !== undefined) changes.summary = data.summary;
  if (data.resume_url) await assertOwnResume(db, userId, data.resume_url);

  await db.transaction(async (tx) => {
    const updated = await tx
      .update(users)
      .set({ name: data.name, profileCompleted: true, updatedAt: sql`now()` })
      .where(eq(users.id, userId))
      .returning({ id: users.id });
    if (!updated[0]) throw notFound('User not found');
    await tx
      .insert(profiles)
      .values({ userId, ...changes })
      .onConflictDoUpdate({ target: profiles.userId, set: { ...changes, updatedAt: sql`now()` } });
  });
  return getProfileMe(db, userId);
}

/** The caller's most recent interview with its job title, or null when there is none. */
export async function getLatestInterview(db: Db, userId: string): Promise<LatestInterview> {
  const [row] = await db
    .select({ interview: interviews, jobTitle: jobs.title })
    .from(interviews)
    .leftJoin(jobs, eq(jobs.id, interviews.jobId))
    .where(eq(interviews.candidateId, userId))
    .orderBy(desc(interviews.createdAt), desc(interviews.id))
    .limit(1);
  if (!row) return null;
  const i = row.interview;
  return {
    id: i.id,
    job_id: i.jobId,
    job_title: row.jobTitle ?? null,
    status: i.status,
    acceptance_status: i.acceptanceStatus,
    created_at: i.createdAt.toISOString(),
    completed_at: i.completedAt ? i.completedAt.toISOString() : null,
  };
}
