/**
 * Webhook deliveries (issue 47): one row per event and endpoint, sent through the job queue, retried
 * with exponential backoff for a day, each attempt kept in the delivery's log. An endpoint that has
 * failed for a day without one success is switched off and the provider e-mailed.
 */
import crypto from 'node:crypto';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { WebhookDelivery, WebhookEvent } from '@app/shared';
import type { Db } from '../db/client';
import { webhookDeliveries, webhookEndpoints, type WebhookAttempt } from '../db/schema-hiring';
import { conflict, notFound } from '../http/http-errors';
import { ENDPOINT_NOT_FOUND, endpointSecret, getEndpoint } from './endpoints';
import { sendWebhook, signatureHeader, type AttemptOutcome } from './send';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
/** How long a delivery is retried, and how long an endpoint may fail before it is switched off. */
export const RETRY_WINDOW_MS = 24 * HOUR;

/** The wait before retry `n` (1 = the first retry): 30 s doubling, at most 4 hours. */
export const retryDelayMs = (n: number) => Math.min(30_000 * 2 ** (n - 1), 4 * HOUR);

export type DeliveryDeps = {
  db: Db;
  now: () => number;
  allowPrivate: boolean;
  timeoutMs: number;
  /** Queues an attempt of the delivery (at `startAfter`, or now). */
  schedule: (deliveryId: string, startAfter?: Date) => Promise<void>;
  /** Tells the provider an endpoint was switched off. */
  switchedOff: (endpoint: typeof webhookEndpoints.$inferSelect) => Promise<void>;
  log: { info: (obj: object, msg: string) => void };
};

/** One event for every live endpoint subscribed to its type: the rows, then their first attempts. */
export async function fanOut(deps: DeliveryDeps, type: WebhookEvent, data: () => Promise<object | null>) {
  const live = await deps.db.select().from(webhookEndpoints).where(isNull(webhookEndpoints.disabledAt));
  const subscribed = live.filter((e) => e.events.includes(type));
  if (!subscribed.length) return [];
  const body = await data();
  if (!body) return [];
  const created = new Date(deps.now());
  const payload = {
    id: `evt_${crypto.randomUUID().replace(/-/g, '')}`,
    type,
    created: Math.floor(created.getTime() / 1000),
    data: body,
  };
  const rows = await deps.db
    .insert(webhookDeliveries)
    .values(
      subscribed.map((e) => ({ endpointId: e.id, eventId: payload.id, eventType: type, payload, createdAt: created })),
    )
    .returning({ id: webhookDeliveries.id });
  for (const row of rows) await deps.schedule(row.id);
  return rows.map((r) => r.id);
}

/** The body as sent: the payload's fields in their documented order (jsonb keeps its own order). */
const bodyOf = (p: Record<string, unknown>) =>
  JSON.stringify({ id: p.id, type: p.type, created: p.created, data: p.data });

/** One attempt of a delivery (the queue job). A delivery no longer pending is left alone. */
export async function attemptDelivery(deps: DeliveryDeps, deliveryId: string): Promise<void> {
  const [row] = await deps.db
    .select({ delivery: webhookDeliveries, endpoint: webhookEndpoints })
    .from(webhookDeliveries)
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
    .where(eq(webhookDeliveries.id, deliveryId))
    .limit(1);
  if (!row || row.delivery.status !== 'pending') return;
  const { delivery, endpoint } = row;
  const now = deps.now();
  if (endpoint.disabledAt) {
    await finish(deps.db, deliveryId, 'failed', { error: 'The endpoint is switched off' });
    return;
  }
  const unix = Math.floor(now / 1000);
  const body = bodyOf(delivery.payload);
  const outcome = await sendWebhook(
    endpoint.url,
    body,
    { 'webhook-id': delivery.eventId, 'webhook-signature': signatureHeader(endpointSecret(endpoint), unix, body) },
    { timeoutMs: deps.timeoutMs, allowPrivate: deps.allowPrivate, now: deps.now },
  );
  deps.log.info(
    {
      deliveryId,
      endpointId: endpoint.id,
      ok: outcome.ok,
      responseCode: outcome.responseCode,
      durationMs: outcome.durationMs,
    },
    'webhook attempt',
  );
  await record(deps.db, deliveryId, now, outcome);
  if (outcome.ok) {
    await finish(deps.db, deliveryId, 'succeeded');
    await deps.db.update(webhookEndpoints).set({ failingSince: null }).where(eq(webhookEndpoints.id, endpoint.id));
    return;
  }
  await afterFailure(deps, delivery, endpoint, now);
}

async function afterFailure(
  deps: DeliveryDeps,
  delivery: typeof webhookDeliveries.$inferSelect,
  endpoint: typeof webhookEndpoints.$inferSelect,
  now: number,
) {
  const failingSince = endpoint.failingSince?.getTime() ?? now;
  if (!endpoint.failingSince) {
    await deps.db
      .update(webhookEndpoints)
      .set({ failingSince: new Date(now) })
      .where(and(eq(webhookEndpoints.id, endpoint.id), isNull(webhookEndpoints.failingSince)));
  }
  if (now - failingSince >= RETRY_WINDOW_MS) {
    await finish(deps.db, delivery.id, 'failed');
    // Conditional: of several deliveries failing at once, one switches it off and e-mails.
    const [off] = await deps.db
      .update(webhookEndpoints)
      .set({ disabledAt: new Date(now), disabledReason: 'Deliveries failed for 24 hours' })
      .where(and(eq(webhookEndpoints.id, endpoint.id), isNull(webhookEndpoints.disabledAt)))
      .returning();
    if (off) await deps.switchedOff(off);
    return;
  }
  const deadline = delivery.createdAt.getTime() + RETRY_WINDOW_MS;
  if (now >= deadline) {
    await finish(deps.db, delivery.id, 'failed');
    return;
  }
  // delivery.attempts is the count before this attempt: this was attempt attempts + 1.
  const next = new Date(Math.min(now + retryDelayMs(delivery.attempts + 1), deadline));
  await deps.db.update(webhookDeliveries).set({ nextAttemptAt: next }).where(eq(webhookDeliveries.id, delivery.id));
  await deps.schedule(delivery.id, next);
}

async function record(db: Db, id: string, now: number, o: AttemptOutcome) {
  const entry: WebhookAttempt = {
    at: new Date(now).toISOString(),
    response_code: o.responseCode,
    duration_ms: o.durationMs,
    error: o.error,
  };
  await db
    .update(webhookDeliveries)
    .set({
      attempts: sql`${webhookDeliveries.attempts} + 1`,
      responseCode: o.responseCode,
      durationMs: o.durationMs,
      error: o.error,
      lastAttemptAt: new Date(now),
      attemptLog: sql`${webhookDeliveries.attemptLog} || ${JSON.stringify([entry])}::jsonb`,
    })
    .where(eq(webhookDeliveries.id, id));
}

async function finish(db: Db, id: string, status: 'succeeded' | 'failed', extra: { error?: string } = {}) {
  await db
    .update(webhookDeliveries)
    .set({ status, nextAttemptAt: null, ...extra })
    .where(eq(webhookDeliveries.id, id));
}

/** Sends a delivery's event again, as a new delivery of the same event id (receivers dedupe on it). */
export async function replayDelivery(
  deps: DeliveryDeps,
  endpointId: string,
  deliveryId: string,
): Promise<WebhookDelivery> {
  const endpoint = await getEndpoint(deps.db, endpointId);
  const [original] = await deps.db
    .select()
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.endpointId, endpointId)))
    .limit(1);
  if (!original) throw notFound('Delivery not found');
  if (endpoint.disabledAt) throw conflict('The endpoint is switched off; register it again to receive events.');
  const [row] = await deps.db
    .insert(webhookDeliveries)
    .values({
      endpointId,
      eventId: original.eventId,
      eventType: original.eventType,
      payload: original.payload,
      replayOf: original.id,
      createdAt: new Date(deps.now()),
    })
    .returning();
  await deps.schedule(row!.id);
  return toDeliveryDto(row!);
}

export async function listDeliveries(db: Db, endpointId: string, limit = 100): Promise<WebhookDelivery[]> {
  const [endpoint] = await db
    .select({ id: webhookEndpoints.id })
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.id, endpointId));
  if (!endpoint) throw notFound(ENDPOINT_NOT_FOUND);
  const rows = await db
    .select()
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.endpointId, endpointId))
    .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
    .limit(limit);
  return rows.map(toDeliveryDto);
}

const iso = (d: Date | null) => d?.toISOString() ?? null;

export function toDeliveryDto(r: typeof webhookDeliveries.$inferSelect): WebhookDelivery {
  return {
    id: r.id,
    event_id: r.eventId,
    event_type: r.eventType,
    status: r.status,
    attempts: r.attempts,
    response_code: r.responseCode,
    duration_ms: r.durationMs,
    error: r.error,
    last_attempt_at: iso(r.lastAttemptAt),
    next_attempt_at: iso(r.nextAttemptAt),
    replay_of: r.replayOf,
    created_at: r.createdAt.toISOString(),
    attempt_log: r.attemptLog,
    payload: r.payload,
  };
}
