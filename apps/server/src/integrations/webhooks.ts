/**
 * Wiring of webhooks into the app: every subscribed app event becomes deliveries, and the
 * `deliver-webhook` queue makes their attempts. Registered by the composition root.
 */
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { WEBHOOK_EVENTS, type WebhookEvent } from '@app/shared';
import { users } from '../db/schema';
import { enqueueEmail, mailContext, recipient, render } from '../email';
import type { AppEventMap } from '../lib/app-events';
import { systemClock, type Clock } from '../lib/clock';
import type { BossQueue, JobQueue } from '../queue/queue';
import { attemptDelivery, fanOut, type DeliveryDeps } from './deliveries';
import { webhookData } from './event-data';

declare module 'fastify' {
  interface FastifyInstance {
    /** Webhook deliveries' dependencies (the routes' replay uses them too). */
    webhooks: DeliveryDeps;
  }
}

export function webhookDeps(app: FastifyInstance, queue: JobQueue, clock: Clock): DeliveryDeps {
  return {
    db: app.db,
    now: () => clock.now(),
    allowPrivate: app.config.WEBHOOKS_ALLOW_PRIVATE,
    timeoutMs: app.config.WEBHOOK_TIMEOUT_MS,
    schedule: async (deliveryId, startAfter) => {
      await queue.send('deliver-webhook', { deliveryId }, startAfter ? { startAfter } : {});
    },
    switchedOff: async (endpoint) => {
      // The admin who registered it; when that account is gone, every admin.
      const creator = endpoint.createdBy ? await recipient(app.db, endpoint.createdBy) : null;
      const to = creator
        ? [creator]
        : await app.db.select({ email: users.email, name: users.name }).from(users).where(eq(users.role, 'admin'));
      for (const r of to) {
        await enqueueEmail(
          queue,
          render(mailContext(app), r, {
            subject: 'A webhook endpoint was switched off',
            paragraphs: [
              `Deliveries to ${endpoint.url} have failed for 24 hours, so we switched the endpoint off and stopped sending events to it.`,
              'The delivery log shows each attempt and what the endpoint answered. Once it is fixed, register the endpoint again and replay the events it missed.',
            ],
            action: { label: 'Open webhooks', path: '/admin/webhooks' },
          }),
        );
      }
    },
    log: app.log,
  };
}

/** Listens on every webhook event and handles the delivery queue; returns what stops the listening. */
export function registerWebhooks(app: FastifyInstance, queue: BossQueue, clock: Clock = systemClock) {
  const deps = webhookDeps(app, queue, clock);
  app.decorate('webhooks', deps);
  queue.handle<{ deliveryId: string }>('deliver-webhook', async ({ deliveryId }) => attemptDelivery(deps, deliveryId));
  return () =>
    WEBHOOK_EVENTS.map((type) =>
      app.events.on(type as keyof AppEventMap, (payload) =>
        queue.track(async () => {
          await fanOut(deps, type, () => webhookData(app.db, type as WebhookEvent, payload as never));
        }),
      ),
    );
}
