/** The provider's webhook endpoints (issue 47): register (the secret shown once), list, delete. */
import crypto from 'node:crypto';
import { desc, eq } from 'drizzle-orm';
import type { WebhookEndpoint } from '@app/shared';
import type { Db } from '../db/client';
import { webhookEndpoints } from '../db/schema-hiring';
import { notFound, unprocessable } from '../http/http-errors';
import { decryptSecret, encryptSecret } from '../money';
import { resolveTarget, UnsafeTarget } from './ssrf';

export const ENDPOINT_NOT_FOUND = 'Webhook endpoint not found';

/** The encryption context binds the secret to its row: a value copied to another row does not decrypt. */
const secretContext = (endpointId: string) => `webhook_endpoints.secret:${endpointId}`;

export const endpointSecret = (row: { id: string; secretEncrypted: string }) =>
  decryptSecret(row.secretEncrypted, secretContext(row.id));

export function toEndpointDto(row: typeof webhookEndpoints.$inferSelect): WebhookEndpoint {
  return {
    id: row.id,
    url: row.url,
    events: row.events,
    created_at: row.createdAt.toISOString(),
    failing_since: row.failingSince?.toISOString() ?? null,
    disabled_at: row.disabledAt?.toISOString() ?? null,
    disabled_reason: row.disabledReason,
  };
}

/** Checks the address (the same guard as every delivery), stores the endpoint, returns its secret once. */
export async function createEndpoint(
  db: Db,
  input: { url: string; events: string[] },
  adminId: string,
  allowPrivate: boolean,
): Promise<{ id: string; secret: string }> {
  try {
    await resolveTarget(new URL(input.url), allowPrivate);
  } catch (err) {
    if (err instanceof UnsafeTarget) throw unprocessable(err.message);
    throw err;
  }
  const id = crypto.randomUUID();
  const secret = `whsec_${crypto.randomBytes(24).toString('base64url')}`;
  await db.insert(webhookEndpoints).values({
    id,
    url: input.url,
    events: input.events,
    secretEncrypted: encryptSecret(secret, secretContext(id)),
    createdBy: adminId,
  });
  return { id, secret };
}

export async function listEndpoints(db: Db): Promise<WebhookEndpoint[]> {
  const rows = await db.select().from(webhookEndpoints).orderBy(desc(webhookEndpoints.createdAt));
  return rows.map(toEndpointDto);
}

export async function getEndpoint(db: Db, id: string) {
  const [row] = await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id)).limit(1);
  if (!row) throw notFound(ENDPOINT_NOT_FOUND);
  return row;
}

/** Deletes the endpoint and its delivery log; deliveries waiting for a retry find nothing and stop. */
export async function deleteEndpoint(db: Db, id: string): Promise<void> {
  const gone = await db
    .delete(webhookEndpoints)
    .where(eq(webhookEndpoints.id, id))
    .returning({ id: webhookEndpoints.id });
  if (!gone.length) throw notFound(ENDPOINT_NOT_FOUND);
}
