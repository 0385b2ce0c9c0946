/**
 * Server-side sessions: every token carries a `sid` naming a row in `sessions`; logging out or a
 * password change marks rows revoked, and every request checks its row. A short in-process cache
 * keeps that check off the database for most requests; instances that share a database call
 * `invalidateSessionCache` when told (by a bus message) that a session was revoked elsewhere.
 * docs/decisions/0101-server-side-sessions.md.
 */
import { and, eq, isNull, lt, ne } from 'drizzle-orm';
import type { Db } from '../db/client';
import { sessions } from '../db/schema-accounts';

/** How long a checked session is trusted without asking the database again. */
export const SESSION_CACHE_MS = 15_000;
const CACHE_MAX = 20_000;

type CacheEntry = { userId: string; active: boolean; checkedAt: number };
const cache = new Map<string, CacheEntry>();

/** Listeners told about every local revocation (the instance bus publishes these to the others). */
type RevocationListener = (target: { sid?: string; userId?: string }) => void;
const listeners = new Set<RevocationListener>();
export function onSessionsRevoked(listener: RevocationListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Drops cached answers for one session, or every session of a user, so the next request asks the
 * database. Exported for the instance bus; the local revocations below call it themselves.
 */
export function invalidateSessionCache(target: { sid?: string; userId?: string; all?: boolean }): void {
  if (target.all) cache.clear();
  if (target.sid) cache.delete(target.sid);
  if (target.userId) {
    for (const [sid, entry] of cache) if (entry.userId === target.userId) cache.delete(sid);
  }
}

function revoked(target: { sid?: string; userId?: string }) {
  invalidateSessionCache(target);
  for (const listener of listeners) listener(target);
}

export async function createSession(db: Db, userId: string, lifetimeMs: number): Promise<string> {
  const [row] = await db
    .insert(sessions)
    .values({ userId, expiresAt: new Date(Date.now() + lifetimeMs) })
    .returning({ id: sessions.id });
  // Expired rows are useless; dropping them here keeps the table small without a separate job.
  await db.delete(sessions).where(and(eq(sessions.userId, userId), lt(sessions.expiresAt, new Date())));
  return row!.id;
}

/** True when the session exists, belongs to the user, is not revoked and has not expired. */
export async function isSessionActive(db: Db, sid: string, userId: string, now = Date.now()): Promise<boolean> {
  const hit = cache.get(sid);
  if (hit && now - hit.checkedAt < SESSION_CACHE_MS) return hit.active && hit.userId === userId;
  const [row] = await db
    .select({ userId: sessions.userId, revokedAt: sessions.revokedAt, expiresAt: sessions.expiresAt })
    .from(sessions)
    .where(eq(sessions.id, sid))
    .limit(1);
  const active = !!row && !row.revokedAt && row.expiresAt.getTime() > now;
  if (cache.size >= CACHE_MAX) cache.delete(cache.keys().next().value!);
  cache.set(sid, { userId: row?.userId ?? userId, active, checkedAt: now });
  return active && row!.userId === userId;
}

export async function revokeSession(db: Db, sid: string): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.id, sid), isNull(sessions.revokedAt)));
  revoked({ sid });
}

/** Revokes every session of a user, except `keepSid` (the caller's own, after a password change). */
export async function revokeUserSessions(db: Db, userId: string, keepSid?: string): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(
      and(eq(sessions.userId, userId), isNull(sessions.revokedAt), keepSid ? ne(sessions.id, keepSid) : undefined),
    );
  revoked({ userId });
}
