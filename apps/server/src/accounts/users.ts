import { eq } from 'drizzle-orm';
import { hash, verify } from '@node-rs/argon2';
import type { Role, User } from '@app/shared';
import type { Db } from '../db/client';
import { users } from '../db/schema';
import type { Executor } from '../db/types';
import { conflict, unauthorized } from '../http/http-errors';

type UserRow = typeof users.$inferSelect;

/**
 * The one per-user lock (decision 0228): the person's user row, held until the transaction ends. What
 * makes or restarts a candidate's application (decision 0169), a rater's submission, pause or withdrawn
 * acceptance (0170), a payout request and a rejection of approved work (0220), the account's deletion,
 * and the per-account caps (kept practice debriefs, saved searches) take it first, so two of them for one
 * person never interleave.
 */
export async function lockUser(tx: Executor, userId: string): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
}

export function toUserDto(row: UserRow): User {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    role: row.role,
    profile_completed: row.profileCompleted,
    created_at: row.createdAt.toISOString(),
  };
}

// argon2id with the library's defaults (memory 19 MiB, 2 iterations), the OWASP baseline.
export const hashPassword = (password: string) => hash(password, { algorithm: 2 });

// A fixed hash to verify against when the e-mail is unknown, so both failures take the same time.
let dummyHash: Promise<string> | undefined;

export const INVALID_CREDENTIALS = 'Invalid email or password';

export async function registerUser(
  db: Db,
  input: { email: string; password: string; name?: string; role?: Role },
): Promise<UserRow> {
  const passwordHash = await hashPassword(input.password);
  const inserted = await db
    .insert(users)
    .values({ email: input.email, passwordHash, name: input.name || null, role: input.role ?? 'candidate' })
    .onConflictDoNothing({ target: users.email })
    .returning();
  if (!inserted[0]) throw conflict('An account with this email already exists');
  return inserted[0];
}

export async function authenticate(db: Db, email: string, password: string): Promise<UserRow> {
  const [row] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  if (!row) {
    dummyHash ??= hashPassword('not-a-real-password');
    await verify(await dummyHash, password);
    throw unauthorized(INVALID_CREDENTIALS);
  }
  if (!(await verify(row.passwordHash, password))) throw unauthorized(INVALID_CREDENTIALS);
  return row;
}

export async function findUser(db: Db, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

/** Makes sure the configured admin account exists with the configured password. */
export async function ensureAdmin(db: Db, email: string, password: string): Promise<void> {
  const normalized = email.trim().toLowerCase();
  const [existing] = await db.select().from(users).where(eq(users.email, normalized)).limit(1);
  const passwordHash = await hashPassword(password);
  if (existing) {
    await db
      .update(users)
      .set({ role: 'admin', passwordHash, profileCompleted: true })
      .where(eq(users.id, existing.id));
  } else {
    await db
      .insert(users)
      .values({ email: normalized, passwordHash, name: 'Administrator', role: 'admin', profileCompleted: true });
  }
}
