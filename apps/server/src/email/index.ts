import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client';
import { users } from '../db/schema';
import type { JobQueue } from '../queue/queue';
import { linkOrigin } from '../lib/link-origin';
import { createMailer } from './mailer';
import type { EmailMessage } from './templates';

export * from './templates';
export * from './mailer';

/**
 * E-mails always go through the queue: the request that caused one never waits for (or fails on)
 * the mail server, and a failed delivery is retried with backoff.
 */
export async function enqueueEmail(queue: JobQueue, message: EmailMessage) {
  return queue.send('send-email', message);
}

/** Links in e-mails point where every e-mailed link does (lib/link-origin.ts): PUBLIC_URL or the bound address. */
export const mailContext = (app: FastifyInstance) => ({
  ...createMailer(app.config).context,
  publicUrl: linkOrigin(app.config, app.server.address()),
});

export async function recipient(db: Db, userId: string) {
  const [row] = await db
    .select({ email: users.email, name: users.name })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row ?? null;
}
export * from './onboarding-templates';
