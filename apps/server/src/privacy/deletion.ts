/**
 * Deleting an account (docs/decisions/0100-what-account-deletion-keeps.md). Removed: the login,
 * profile, résumé and every other file (rows and bytes), interviews with their recordings,
 * transcripts, assessments and decisions, consents, sessions, reset links and the access log.
 * Kept: earnings and the tasks they pay for, the ledger's balances, payout requests (batch items) and
 * the W-9/W-8BEN, re-pointed to a fresh anonymous stand-in user (money/deleted-payee.ts;
 * decision 0219), so the books, payouts and 1099s still add up while the login and profile are gone.
 */
import crypto from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { annotationTasks, earnings, files, users } from '../db/schema';
import { payoutRequests } from '../db/schema-money';
import { forbidden } from '../http/http-errors';
import { checkPassword } from '../accounts';
import { moveMoneyToStandIn } from '../money';
import { lockBatches } from '../money';
import { revokeUserSessions } from '../accounts';
import type { Storage } from '../storage';
import { deleteHiringRecords } from './hiring-records';
import { hashPassword, lockUser } from '../accounts';

/** The e-mail of an anonymous stand-in: unique, not deliverable (.invalid is reserved), not the person's. */
export const anonymousEmail = (id: string) => `deleted-${id}@deleted.invalid`;

export async function deleteAccount(
  db: Db,
  storage: Storage,
  userId: string,
  password: string,
  log?: FastifyBaseLogger,
): Promise<void> {
  const user = await checkPassword(db, userId, password);
  if (user.role === 'admin') throw forbidden('The administrator account cannot be deleted from here.');

  // Only the account's own files: a profile may name only a résumé its owner uploaded (claimed at
  // the profile save, and by migration 0002 for older profiles), and a file someone else owns or
  // several people named stays for them (issue 24 row 1). Recordings are owned by their candidate.
  const ownFiles = await db
    .select({ id: files.id, storageKey: files.storageKey })
    .from(files)
    .where(eq(files.ownerId, userId));

  // Hashed before the transaction: argon2 takes a while and nobody will ever sign in with it.
  const unusableHash = await hashPassword(crypto.randomBytes(32).toString('base64url'));

  await db.transaction(async (tx) => {
    // A batch or a payout request in progress finishes first (the batch lock, then the payee's,
    // in the order a batch takes them).
    await lockBatches(tx);
    await lockUser(tx, userId);
    const [money] = await tx.select({ id: earnings.id }).from(earnings).where(eq(earnings.userId, userId)).limit(1);
    const [doneTask] = await tx
      .select({ id: annotationTasks.id })
      .from(annotationTasks)
      .where(and(eq(annotationTasks.assigneeId, userId), inArray(annotationTasks.status, ['completed', 'reviewed'])))
      .limit(1);
    const [request] = await tx
      .select({ id: payoutRequests.id })
      .from(payoutRequests)
      .where(eq(payoutRequests.userId, userId))
      .limit(1);
    if (money || doneTask || request) {
      const anonId = crypto.randomUUID();
      await tx.insert(users).values({
        id: anonId,
        email: anonymousEmail(anonId),
        passwordHash: unusableHash,
        name: null,
        role: 'candidate',
        profileCompleted: true,
        deletedAt: new Date(),
      });
      await tx.update(earnings).set({ userId: anonId, updatedAt: new Date() }).where(eq(earnings.userId, userId));
      await moveMoneyToStandIn(tx, userId, anonId, new Date());
      await tx
        .update(annotationTasks)
        .set({ assigneeId: anonId })
        .where(and(eq(annotationTasks.assigneeId, userId), inArray(annotationTasks.status, ['completed', 'reviewed'])));
    }
    // Work not yet done goes back to the pool for someone else.
    await tx
      .update(annotationTasks)
      .set({ assigneeId: null, status: 'pending', startedAt: null })
      .where(eq(annotationTasks.assigneeId, userId));
    if (ownFiles.length)
      await tx.delete(files).where(
        inArray(
          files.id,
          ownFiles.map((f) => f.id),
        ),
      );
    // Invitations name the person by address, not by account (issue 47).
    await deleteHiringRecords(tx, userId, user.email);
    // Cascades: profile, payout method, interviews (transcripts, decisions), sessions, reset links, consents, access log.
    await tx.delete(users).where(eq(users.id, userId));
  });
  await revokeUserSessions(db, userId); // rows are gone already; this clears caches on every instance

  // The rows are gone; now the bytes. A storage failure is logged (the key, never the person) and
  // does not undo the deletion.
  for (const file of ownFiles) {
    await storage.delete(file.storageKey).catch((err: unknown) => {
      log?.error({ err, storageKey: file.storageKey }, 'could not delete a file of a deleted account');
    });
  }
}
