/**
 * Password reset: a random token mailed as a link, stored only as its SHA-256 (a database leak
 * does not hand out working links), single use, valid for RESET_TOKEN_MINUTES.
 */
import crypto from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../db/client';
import { users } from '../db/schema';
import { passwordResetTokens } from '../db/schema-accounts';
import { AppError } from '../http/http-errors';
import { revokeUserSessions } from './sessions';
import { hashPassword } from './users';

export const RESET_TOKEN_MINUTES = 60;
export const RESET_LINK_INVALID = 'This reset link is invalid, expired or already used. Ask for a new one.';

const digest = (token: string) => crypto.createHash('sha256').update(token).digest('hex');

/**
 * A new reset token for the account with this e-mail, or null when there is none (the caller
 * replies the same either way).
 */
export async function createResetToken(
  db: Db,
  email: string,
  now = new Date(),
): Promise<{ token: string; user: { id: string; email: string; name: string | null } } | null> {
  const [user] = await db
    .select({ id: users.id, email: users.email, name: users.name })
    .from(users)
    .where(and(eq(users.email, email), isNull(users.deletedAt)))
    .limit(1);
  if (!user) return null;
  const token = crypto.randomBytes(32).toString('base64url');
  await db.insert(passwordResetTokens).values({
    userId: user.id,
    tokenHash: digest(token),
    expiresAt: new Date(now.getTime() + RESET_TOKEN_MINUTES * 60_000),
  });
  return { token, user };
}

/**
 * Sets the new password if the token is known, unused and unexpired; marks every outstanding token
 * of the user used and revokes all of their sessions. Returns the user id.
 */
export async function confirmReset(db: Db, token: string, password: string, now = new Date()): Promise<string> {
  const passwordHash = await hashPassword(password);
  const userId = await db.transaction(async (tx) => {
    // Claiming the token in one conditional update makes it single use even under concurrent requests.
    const [claimed] = await tx
      .update(passwordResetTokens)
      .set({ usedAt: now })
      .where(
        and(
          eq(passwordResetTokens.tokenHash, digest(token)),
          isNull(passwordResetTokens.usedAt),
          gt(passwordResetTokens.expiresAt, now),
        ),
      )
      .returning({ userId: passwordResetTokens.userId });
    if (!claimed) throw new AppError(400, RESET_LINK_INVALID);
    await tx
      .update(passwordResetTokens)
      .set({ usedAt: now })
      .where(and(eq(passwordResetTokens.userId, claimed.userId), isNull(passwordResetTokens.usedAt)));
    await tx.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, claimed.userId));
    return claimed.userId;
  });
  await revokeUserSessions(db, userId);
  return userId;
}
