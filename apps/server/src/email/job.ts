import type { FastifyInstance } from 'fastify';
import { createMailer, type EmailMessage } from './';
import type { BossQueue } from '../queue/queue';

export function registerEmailJob(app: FastifyInstance, queue: BossQueue) {
  const mailer = createMailer(app.config);
  queue.handle<EmailMessage>('send-email', async (message) => {
    const result = await mailer.deliver(message);
    app.log.info(
      { messageId: result.messageId, subject: message.subject, outboxFile: result.file },
      result.file ? 'e-mail written to the outbox' : 'e-mail sent',
    );
  });
}
