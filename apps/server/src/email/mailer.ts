import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import nodemailer from 'nodemailer';
import { PRODUCT_NAME, SUPPORT_EMAIL } from '@app/shared';
import type { Config } from '../config/env';
import type { EmailContext, EmailMessage } from './templates';

export type DeliveryResult = { messageId: string; /** The .eml file when written to the outbox. */ file?: string };

export type Mailer = {
  deliver: (message: EmailMessage) => Promise<DeliveryResult>;
  context: EmailContext;
};

export const outboxDir = (config: Config) => path.join(config.dataDir, 'outbox');

export function supportAddress(config: Config) {
  return config.SUPPORT_EMAIL ?? SUPPORT_EMAIL;
}

export function fromAddress(config: Config) {
  if (config.MAIL_FROM) return config.MAIL_FROM;
  const domain = supportAddress(config).split('@')[1] ?? 'localhost';
  return `"${PRODUCT_NAME}" <no-reply@${domain}>`;
}

/**
 * SMTP when SMTP_URL is set; otherwise every message is written as an .eml file to DATA_DIR/outbox
 * (openable in any mail client), so a machine without a mail server still shows what was sent.
 */
export function createMailer(config: Config): Mailer {
  const context: EmailContext = { publicUrl: config.PUBLIC_URL ?? null, supportEmail: supportAddress(config) };
  const from = fromAddress(config);
  const envelope = (m: EmailMessage) => ({
    from,
    to: m.to,
    replyTo: context.supportEmail,
    subject: m.subject,
    text: m.text,
    html: m.html,
  });

  if (config.SMTP_URL) {
    const transport = nodemailer.createTransport(config.SMTP_URL);
    return {
      context,
      deliver: async (m) => {
        const info = await transport.sendMail(envelope(m));
        return { messageId: info.messageId };
      },
    };
  }

  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  const dir = outboxDir(config);
  return {
    context,
    deliver: async (m) => {
      const info = await transport.sendMail(envelope(m));
      fs.mkdirSync(dir, { recursive: true });
      // Sortable by time; the random part keeps two messages of the same millisecond apart.
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${crypto.randomBytes(4).toString('hex')}.eml`;
      const file = path.join(dir, name);
      // Write then rename, so a reader never sees half a message.
      fs.writeFileSync(`${file}.tmp`, info.message as Buffer);
      fs.renameSync(`${file}.tmp`, file);
      return { messageId: info.messageId, file };
    },
  };
}
