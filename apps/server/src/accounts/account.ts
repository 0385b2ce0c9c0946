/** The signed-in person's own account: password change, export and deletion (issue: accounts and privacy). */
import { verify } from '@node-rs/argon2';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { users } from '../db/schema';
import { AppError, notFound } from '../http/http-errors';
import { revokeUserSessions } from './sessions';
import { hashPassword } from './users';

export const WRONG_PASSWORD = 'The password is not correct';

/** The user's row after checking their password; 400 when it does not match (nothing changes). */
export async function checkPassword(db: Db, userId: string, password: string) {
  const [row] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!row) throw notFound('Account not found');
  if (!(await verify(row.passwordHash, password))) throw new AppError(400, WRONG_PASSWORD);
  return row;
}

/** Sets a new password; every other session of the user ends, the caller's stays signed in. */
export async function changePassword(
  db: Db,
  caller: { sub: string; sid: string },
  input: { current_password: string; new_password: string },
): Promise<void> {
  await checkPassword(db, caller.sub, input.current_password);
  const passwordHash = await hashPassword(input.new_password);
  await db.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, caller.sub));
  await revokeUserSessions(db, caller.sub, caller.sid);
}
