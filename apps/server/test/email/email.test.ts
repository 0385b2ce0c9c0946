import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SMTPServer } from 'smtp-server';
import { buildTestApp, type TestContext } from '../helpers/build';
import { loadConfig } from '../../src/config/env';
import { createMailer, decisionEmail, enqueueEmail, payoutSentEmail, tasksAssignedEmail } from '../../src/email';

type Received = { from: string; to: string[]; data: string };

/** A local SMTP server that accepts everything (no TLS, no auth) and keeps what it receives. */
async function startSmtp() {
  const received: Received[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      let data = '';
      stream.on('data', (c: Buffer) => (data += c.toString()));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          data,
        });
        callback();
      });
    },
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.server.address() as AddressInfo;
  return { port, received, close: () => new Promise<void>((r) => server.close(() => r())) };
}

async function freePort() {
  const s = net.createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const { port } = s.address() as AddressInfo;
  await new Promise<void>((r) => s.close(() => r()));
  return port;
}

describe('e-mail through a real SMTP server', () => {
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let t: TestContext;
  beforeAll(async () => {
    smtp = await startSmtp();
    t = await buildTestApp({ SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, MAIL_FROM: 'Studio <jobs@studio.example>' });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('delivers a queued message with the configured sender, plain text and HTML', async () => {
    const ctx = createMailer(t.config).context;
    await enqueueEmail(
      t.app.queue,
      payoutSentEmail(ctx, { email: 'paid@example.test', name: 'Ada Lovelace' }, 42.5, 3),
    );
    await t.app.queue.settle();
    expect(smtp.received).toHaveLength(1);
    const [m] = smtp.received;
    expect(m!.from).toBe('jobs@studio.example');
    expect(m!.to).toEqual(['paid@example.test']);
    expect(m!.data).toMatch(/^Subject: Payout sent: \$42\.50$/m);
    expect(m!.data).toContain('text/plain');
    expect(m!.data).toContain('text/html');
    expect(m!.data).toContain('Hi Ada,');
  });
});

describe('a mail server that is down', () => {
  let t: TestContext;
  beforeAll(async () => (t = await buildTestApp({ SMTP_URL: `smtp://127.0.0.1:${await freePort()}` })));
  afterAll(async () => t.close());

  it('does not fail the sender; the queue keeps the message for a retry', async () => {
    const ctx = createMailer(t.config).context;
    const id = await enqueueEmail(
      t.app.queue,
      tasksAssignedEmail(ctx, { email: 'x@example.test', name: null }, 'Job', 2),
    );
    expect(id).toBeTruthy();
    // Wait for the first attempt to fail and be scheduled again.
    const deadline = Date.now() + 60_000; // a loaded machine may take a while to run the first attempt
    let state = '';
    while (Date.now() < deadline) {
      const { rows } = await t.database.query('SELECT state, output FROM pgboss.job WHERE id = $1', [id]);
      const row = rows[0] as { state: string; output: { message?: string } | null };
      state = row.state;
      if (row.state === 'retry') {
        expect(row.output?.message).toMatch(/ECONNREFUSED/);
        break;
      }
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(state).toBe('retry');
  });
});

describe('message content', () => {
  const config = loadConfig({ DATA_DIR: '/tmp/unused', SUPPORT_EMAIL: 'care@studio.example' });
  const ctx = createMailer(config).context;

  it('every message names the product and the support address, and leaves links out without PUBLIC_URL', () => {
    const m = decisionEmail(
      ctx,
      { email: 'a@example.test', name: null },
      'rejected',
      'Motion Rater',
      'Not this time <b>',
    );
    expect(m.subject).toBe('An update on your application for Motion Rater');
    expect(m.text).toContain('Hi there,');
    expect(m.text).toContain('care@studio.example');
    expect(m.text).toContain('The Human Data Studio team');
    expect(m.text).not.toContain('http');
    // User-provided text is escaped in HTML.
    expect(m.html).toContain('Not this time &lt;b&gt;');
  });

  it('tasks e-mail counts the tasks', () => {
    expect(tasksAssignedEmail(ctx, { email: 'a@x.test', name: 'Bo' }, 'Job A', 1).subject).toBe(
      'You have a new creative task on Job A',
    );
    expect(tasksAssignedEmail(ctx, { email: 'a@x.test', name: 'Bo' }, 'Job A', 3).subject).toBe(
      'You have 3 new creative tasks on Job A',
    );
  });
});
