/**
 * The provider's API keys (issue 47): its own systems call the API without a person's password. A
 * key is shown once, stored as its SHA-256 (a leaked table gives no working key), named, scoped,
 * revocable. Each use reads the row, so a revoked key stops at once on every instance.
 */
import crypto from 'node:crypto';
import { and, desc, eq, isNull, lt, or } from 'drizzle-orm';
import { API_KEY_PREFIX, type ApiKey, type Role } from '@app/shared';
import type { Db } from '../db/client';
import { users } from '../db/schema';
import { apiKeys } from '../db/schema-hiring';
import { notFound, unauthorized } from '../http/http-errors';

/** `last_used_at` is written at most this often per key: a busy integration is not a write per call. */
export const LAST_USED_GRANULARITY_MS = 60_000;
/** How much of a key lists show: the prefix and six more characters, enough to tell keys apart. */
const SHOWN_LENGTH = API_KEY_PREFIX.length + 6;

const hashKey = (key: string) => crypto.createHash('sha256').update(key).digest('hex');

export async function createApiKey(db: Db, input: { name: string; scopes: string[] }, adminId: string) {
  const key = `${API_KEY_PREFIX}${crypto.randomBytes(30).toString('base64url')}`;
  const [row] = await db
    .insert(apiKeys)
    .values({
      name: input.name,
      scopes: input.scopes,
      prefix: key.slice(0, SHOWN_LENGTH),
      keyHash: hashKey(key),
      createdBy: adminId,
    })
    .returning({ id: apiKeys.id });
  return { id: row!.id, key };
}

const iso = (d: Date | null) => d?.toISOString() ?? null;

export async function listApiKeys(db: Db): Promise<ApiKey[]> {
  const rows = await db.select().from(apiKeys).orderBy(desc(apiKeys.createdAt));
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    prefix: r.prefix,
    scopes: r.scopes,
    created_at: r.createdAt.toISOString(),
    last_used_at: iso(r.lastUsedAt),
    revoked_at: iso(r.revokedAt),
  }));
}

/** Revokes a key (again is fine: the first revocation's time stands). */
export async function revokeApiKey(db: Db, id: string): Promise<void> {
  const [row] = await db.select({ id: apiKeys.id }).from(apiKeys).where(eq(apiKeys.id, id)).limit(1);
  if (!row) throw notFound('API key not found');
  await db
    .update(apiKeys)
    .set({ revokedAt: new Date() })
    .where(and(eq(apiKeys.id, id), isNull(apiKeys.revokedAt)));
}

export type KeyCaller = { keyId: string; userId: string; role: Role; scopes: string[] };

/**
 * The caller a key stands for: the admin who created it, while that account is still an admin.
 * Unknown, revoked or orphaned keys answer 401 without saying which (nothing to probe).
 */
export async function authenticateApiKey(db: Db, key: string, now = new Date()): Promise<KeyCaller> {
  const [row] = await db
    .select({ key: apiKeys, role: users.role })
    .from(apiKeys)
    .innerJoin(users, eq(users.id, apiKeys.createdBy))
    .where(eq(apiKeys.keyHash, hashKey(key)))
    .limit(1);
  if (!row || row.key.revokedAt || row.role !== 'admin') throw unauthorized('Invalid or revoked API key');
  const last = row.key.lastUsedAt?.getTime();
  if (last === undefined || now.getTime() - last >= LAST_USED_GRANULARITY_MS) {
    const stale = new Date(now.getTime() - LAST_USED_GRANULARITY_MS);
    // Conditional, so instances using the key at once write it once.
    await db
      .update(apiKeys)
      .set({ lastUsedAt: now })
      .where(and(eq(apiKeys.id, row.key.id), or(isNull(apiKeys.lastUsedAt), lt(apiKeys.lastUsedAt, stale))));
  }
  return { keyId: row.key.id, userId: row.key.createdBy, role: row.role, scopes: row.key.scopes };
}
