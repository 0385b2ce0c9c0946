import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { profiles, users } from '../db/schema';
import { notFound } from '../lib/http-errors';
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
