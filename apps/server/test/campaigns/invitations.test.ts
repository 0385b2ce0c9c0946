/**
 * Invitations as a campaign (issue 47 item 1): CSV and JSON input with bad rows listed back, a
 * 10,000-row file in one go, the link's life (open, sign up, more time once, grant), reminders once
 * per slot across sweeps and racing instances, none after start or unsubscribe, and expiry.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { Invitation } from '@app/shared';
import { bearer, buildTestAppWithAdmin, type TestContext } from '../helpers/build';
import { readOutbox } from '../helpers/outbox';
import { postJob } from '../helpers/work-fixtures';
import { interviews, jobs } from '../../src/db/schema';
import { invitationReminders, invitations } from '../../src/db/schema-hiring';
import { expireDue, sendDueReminders } from '../../src/campaigns';
import { rows } from '../../src/db/raw-sql';
import { redactUrl } from '../../src/lib/logging';
import { systemClock } from '../../src/lib/clock';

let t: TestContext;
let admin: string;
const HOUR = 3600_000;

beforeAll(async () => {
  ({ t, admin } = await buildTestAppWithAdmin({ PUBLIC_URL: 'http://app.test' }));
});
afterAll(async () => t?.close());

const postCsv = (jobId: string, csv: string, query = '') =>
  t.app.inject({
    method: 'POST',
    url: `/api/admin/jobs/${jobId}/invitations${query}`,
    headers: { ...bearer(admin), 'content-type': 'text/csv; charset=utf-8' },
    payload: csv,
  });

async function list(jobId: string): Promise<Invitation[]> {
  const res = await t.get(`/api/admin/jobs/${jobId}/invitations`, admin);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** The token in the newest invitation e-mail to `to` (the link the person clicks). */
function tokenFromMail(to: string): string {
  const mail = readOutbox(t.config.dataDir)
    .filter((m) => m.includes(`To: ${to}`))
    .pop();
  const token = /Open your invitation: http:\/\/app\.test\/invitation\?token=([A-Za-z0-9_-]+)/.exec(mail ?? '')?.[1];
  if (!token) throw new Error(`no invitation mail to ${to}`);
  return token;
}

const mailsTo = (to: string, subject: string) =>
  readOutbox(t.config.dataDir).filter((m) => m.includes(`To: ${to}`) && m.includes(subject)).length;

describe('creating a campaign', () => {
  it('takes a CSV, lists bad rows with their line numbers, stores none of them and mails the rest', async () => {
    const job = await postJob(t, admin, { title: 'Bulk Rater' });
    const lines = ['name,email'];
    for (let i = 1; i <= 20; i++) lines.push(`"Person, ${i}",p${i}@bulk.test`);
    lines.splice(5, 0, 'Broken,not-an-address'); // line 6
    lines.splice(9, 0, 'Again,P3@Bulk.test'); // line 10: p3 again, in other case
    const res = await postCsv(
      job.id,
      lines.join('\r\n') + '\r\n',
      '?name=Spring%20batch&deadline=' + new Date(Date.now() + 5 * 24 * HOUR).toISOString(),
    );
    expect(res.statusCode, res.body).toBe(201);
    const reply = res.json();
    expect(reply.created).toBe(20);
    expect(reply.skipped).toEqual([
      { line: 6, email: 'not-an-address', reason: 'invalid_email' },
      { line: 10, email: 'p3@bulk.test', reason: 'duplicate' },
    ]);

    const listed = await list(job.id);
    expect(listed).toHaveLength(20);
    expect(listed.map((i) => i.email)).not.toContain('not-an-address');
    expect(listed.every((i) => i.status === 'invited' && i.campaign.name === 'Spring batch')).toBe(true);
    expect(listed.find((i) => i.email === 'p1@bulk.test')!.name).toBe('Person, 1');

    await t.app.queue.settle();
    const mail = readOutbox(t.config.dataDir).find((m) => m.includes('To: p1@bulk.test'))!;
    expect(mail).toContain("You're invited to apply: Bulk Rater");
    expect(mail).toMatch(/Unsubscribe from these e-mails: http:\/\/app\.test\/unsubscribe\?token=/);
    expect(mail).toMatch(/Need more time\? Ask for it here: http:\/\/app\.test\/invitation\?token=\S+&more-time=1/);
    // Only the SHA-256 of the link's secret is stored.
    const [stored] = await t.database.db.select().from(invitations).where(eq(invitations.email, 'p1@bulk.test'));
    expect(stored!.tokenHash).not.toContain(tokenFromMail('p1@bulk.test'));
  });

  it('skips people already invited or unsubscribed; refuses bad input as a whole, and non-admins', async () => {
    const job = await postJob(t, admin, { title: 'Second Rater' });
    const first = await t.post(`/api/admin/jobs/${job.id}/invitations`, admin, {
      invitees: [{ email: 'solo@x.test', name: 'Solo' }, { email: 'quit@x.test' }],
    });
    expect(first.statusCode, first.body).toBe(201);
    await t.app.queue.settle();
    const unsub = await t.post(`/api/invitations/${tokenFromMail('quit@x.test')}/unsubscribe`, null);
    expect(unsub.statusCode).toBe(204);

    const other = await postJob(t, admin, { title: 'Third Rater' });
    await t.post(`/api/admin/jobs/${other.id}/invitations`, admin, { invitees: [{ email: 'solo@x.test' }] });
    const again = await t.post(`/api/admin/jobs/${other.id}/invitations`, admin, {
      invitees: [
        { email: 'solo@x.test' },
        { email: 'quit@x.test' },
        { email: 'new@x.test', name: 'Ann "Q" B\\ack, NULL' },
      ],
    });
    expect(again.json()).toMatchObject({
      created: 1,
      skipped: [
        { line: 1, email: 'solo@x.test', reason: 'already_invited' },
        { line: 2, email: 'quit@x.test', reason: 'unsubscribed' },
      ],
    });

    expect((await list(other.id)).find((i) => i.email === 'new@x.test')!.name).toBe('Ann "Q" B\\ack, NULL');
    const past = await t.post(`/api/admin/jobs/${job.id}/invitations`, admin, {
      invitees: [{ email: 'late@x.test' }],
      deadline: new Date(Date.now() - HOUR).toISOString(),
    });
    expect(past.statusCode).toBe(422);
    expect(past.json().detail).toMatch(/deadline/);
    const noHeader = await postCsv(job.id, 'a@x.test\nb@x.test\n');
    expect(noHeader.statusCode).toBe(422);
    expect(noHeader.json().detail).toMatch(/header/);
    const badHours = await postCsv(job.id, 'name,email\nA,a2@x.test\n', '?after_invite_hours=soon');
    expect(badHours.statusCode).toBe(422);
    expect((await list(job.id)).map((i) => i.email).sort()).toEqual(['quit@x.test', 'solo@x.test']);

    const candidate = await t.signUp();
    expect((await t.get(`/api/admin/jobs/${job.id}/invitations`, candidate.token)).statusCode).toBe(403);
    await t.database.db.update(jobs).set({ status: 'archived' }).where(eq(jobs.id, other.id));
    const closed = await t.post(`/api/admin/jobs/${other.id}/invitations`, admin, {
      invitees: [{ email: 'z@x.test' }],
    });
    expect(closed.statusCode).toBe(409);
  });

  it('refuses a CSV over 5 MB with 413 and stores nothing', async () => {
    const job = await postJob(t, admin, { title: 'Huge Rater' });
    const row = `${'N'.repeat(500)},someone@huge.test\n`;
    const res = await postCsv(job.id, 'name,email\n' + row.repeat(Math.ceil((5.2 * 1024 * 1024) / row.length)));
    expect(res.statusCode).toBe(413);
    expect(await list(job.id)).toEqual([]);
  });

  it('accepts a 10,000-row CSV in one go', async () => {
    const job = await postJob(t, admin, { title: 'Big Rater' });
    let csv = 'name,email\n';
    for (let i = 0; i < 10_000; i++) csv += `Rater ${i},rater${i}@big.test\n`;
    const began = performance.now();
    const res = await postCsv(job.id, csv);
    const seconds = (performance.now() - began) / 1000;
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ created: 10_000, skipped: [] });
    // The figure for the report: invitations stored and queued per second, end to end.
    console.log(`10,000-row CSV: ${seconds.toFixed(2)} s, ${Math.round(10_000 / seconds)} invitations/s`);
    const [{ n }] = rows<{ n: number }>(
      await t.database.db.execute(sql`SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'campaign-email'
        AND state = 'created'`),
    ) as [{ n: number }];
    expect(n).toBeGreaterThanOrEqual(9_990);
    // Ten thousand outbox files would only slow the other tests down: the queueing is what counts here.
    await t.database.db.execute(sql`DELETE FROM pgboss.job WHERE name = 'campaign-email'`);
  });
});

describe('the invitation link', () => {
  it('keeps its token out of the logs', () => {
    const token = 'A'.repeat(43);
    expect(redactUrl(`/api/invitations/${token}/more-time`)).toBe('/api/invitations/[redacted]/more-time');
    expect(redactUrl('/api/invitations/mine')).toBe('/api/invitations/mine');
  });

  it('opens, takes a new account, asks for more time once, and the provider grants it', async () => {
    const job = await postJob(t, admin, { title: 'Link Rater' });
    const deadline = new Date(Date.now() + 3 * 24 * HOUR);
    await t.post(`/api/admin/jobs/${job.id}/invitations`, admin, {
      invitees: [{ email: 'link@x.test', name: 'Lin' }],
      deadline: deadline.toISOString(),
    });
    await t.app.queue.settle();
    const token = tokenFromMail('link@x.test');

    const view = await t.get(`/api/invitations/${token}`, null);
    expect(view.statusCode).toBe(200);
    expect(view.json()).toMatchObject({ job_id: job.id, job_title: 'Link Rater', expired: false, started: false });
    expect((await list(job.id))[0]!.status).toBe('opened');
    expect((await t.get(`/api/invitations/${'x'.repeat(43)}`, null)).statusCode).toBe(404);

    const person = await t.signUp('link@x.test');
    const accepted = await t.post(`/api/invitations/${token}/accept`, person.token);
    expect(accepted.statusCode, accepted.body).toBe(200);
    const [row] = await list(job.id);
    expect(row).toMatchObject({ status: 'signed_up', user_id: person.user.id });
    const intruder = await t.signUp();
    expect((await t.post(`/api/invitations/${token}/accept`, intruder.token)).statusCode).toBe(409);

    // Your Jobs: the person's own invitations, with the more-time button's endpoint.
    const mine = await t.get('/api/invitations/mine', person.token);
    expect(mine.json()).toEqual([
      expect.objectContaining({ id: row!.id, job_id: job.id, extension_requested_at: null }),
    ]);
    const ask = await t.post(`/api/invitations/mine/${row!.id}/more-time`, person.token);
    expect(ask.statusCode).toBe(200);
    const twice = await t.post(`/api/invitations/${token}/more-time`, null);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().detail).toMatch(/already asked/);
    expect((await t.post(`/api/invitations/mine/${row!.id}/more-time`, intruder.token)).statusCode).toBe(404);
    expect((await list(job.id))[0]!.status).toBe('extension_requested');

    const later = new Date(deadline.getTime() + 2 * 24 * HOUR).toISOString();
    const grant = await t.post(`/api/admin/jobs/${job.id}/invitations/${row!.id}/extension`, admin, {
      deadline: later,
    });
    expect(grant.statusCode, grant.body).toBe(200);
    expect(grant.json()).toMatchObject({ status: 'signed_up', deadline: later });
    expect(grant.json().extension_granted_at).toBeTruthy();
    const again = await t.post(`/api/admin/jobs/${job.id}/invitations/${row!.id}/extension`, admin, {
      deadline: later,
    });
    expect(again.statusCode).toBe(409);
    await t.app.queue.settle();
    expect(mailsTo('link@x.test', 'More time for Link Rater')).toBe(1);
  });
});

describe('reminders and expiry', () => {
  // A fresh database: the sweep looks at every campaign, and the ones above would be due too.
  beforeAll(async () => {
    await t.close();
    ({ t, admin } = await buildTestAppWithAdmin({ PUBLIC_URL: 'http://app.test' }));
  });

  it("the scheduled sweep job, on the app's clock, sends a due reminder once however often it runs", async () => {
    let now = Date.now();
    const clocked = await buildTestAppWithAdmin(
      { PUBLIC_URL: 'http://app.test' },
      { clock: { now: () => now, setTimeout: systemClock.setTimeout } },
    );
    try {
      const job = await postJob(clocked.t, clocked.admin, { title: 'Clocked Rater' });
      await clocked.t.post(`/api/admin/jobs/${job.id}/invitations`, clocked.admin, {
        invitees: [{ email: 'tick@clock.test' }],
      });
      now += 49 * HOUR;
      for (let run = 0; run < 3; run++) {
        await clocked.t.app.queue.send('campaign-sweep', {});
        await clocked.t.app.queue.settle();
      }
      const reminders = readOutbox(clocked.t.config.dataDir).filter((m) => m.includes('Reminder: your invitation'));
      expect(reminders).toHaveLength(1);
      expect(reminders[0]).toContain('To: tick@clock.test');
    } finally {
      await clocked.t.close();
    }
  });

  it('sends each reminder once, across sweeps and racing instances, never after start or unsubscribe', async () => {
    const job = await postJob(t, admin, { title: 'Nudge Rater' });
    const created = Date.now();
    const deadline = new Date(created + 5 * 24 * HOUR);
    const people = ['a', 'b', 'started', 'gone'].map((p) => `${p}@nudge.test`);
    await t.post(`/api/admin/jobs/${job.id}/invitations`, admin, {
      invitees: people.map((email) => ({ email })),
      deadline: deadline.toISOString(),
    });
    await t.app.queue.settle();
    // One starts the interview, one unsubscribes through the e-mail's link.
    const starter = await t.signUp('started@nudge.test');
    await t.database.db
      .insert(interviews)
      .values({ jobId: job.id, candidateId: starter.user.id, status: 'in_progress', startedAt: new Date() });
    await t.post(`/api/invitations/${tokenFromMail('gone@nudge.test')}/unsubscribe`, null);

    const at = (hours: number) => new Date(created + hours * HOUR);
    expect(await sendDueReminders(t.database.db, t.app.queue, at(47))).toBe(0);
    expect(await sendDueReminders(t.database.db, t.app.queue, at(49))).toBe(2);
    expect(await sendDueReminders(t.database.db, t.app.queue, at(50))).toBe(0);
    // Two instances sweep at the same moment: the slot's row lets only one of them send.
    const raced = await Promise.all([
      sendDueReminders(t.database.db, t.app.queue, at(4 * 24 + 1)),
      sendDueReminders(t.database.db, t.app.queue, at(4 * 24 + 1)),
    ]);
    expect(raced[0] + raced[1]).toBe(2);
    await t.app.queue.settle();

    for (const who of ['a@nudge.test', 'b@nudge.test']) expect(mailsTo(who, 'Reminder: your invitation')).toBe(2);
    expect(mailsTo('started@nudge.test', 'Reminder')).toBe(0);
    expect(mailsTo('gone@nudge.test', 'Reminder')).toBe(0);
    const slots = await t.database.db.select({ slot: invitationReminders.slot }).from(invitationReminders);
    expect(slots.map((s) => s.slot).sort()).toEqual(
      expect.arrayContaining(['after:48', 'after:48', 'before:24', 'before:24']),
    );

    // After the deadline: no reminder, the unstarted invitations expire once, and the link says so.
    expect(await sendDueReminders(t.database.db, t.app.queue, at(5 * 24 + 1))).toBe(0);
    const heard: string[] = [];
    const off = t.app.events.on('invitation.expired', ({ invitationId }) => void heard.push(invitationId));
    expect(await expireDue(t.database.db, t.app.events, at(5 * 24 + 1))).toBe(3);
    expect(await expireDue(t.database.db, t.app.events, at(5 * 24 + 2))).toBe(0);
    await new Promise((r) => setImmediate(r));
    off();
    expect(heard).toHaveLength(3);
    const statuses = Object.fromEntries((await list(job.id)).map((i) => [i.email, i.status]));
    expect(statuses).toEqual({
      'a@nudge.test': 'expired',
      'b@nudge.test': 'expired',
      'gone@nudge.test': 'expired',
      'started@nudge.test': 'started',
    });
    const view = await t.get(`/api/invitations/${tokenFromMail('a@nudge.test')}`, null);
    expect(view.json()).toMatchObject({ expired: true });
    // Asking for more time still works after expiry; the provider decides.
    expect((await t.post(`/api/invitations/${tokenFromMail('a@nudge.test')}/more-time`, null)).statusCode).toBe(200);
    expect((await t.post(`/api/invitations/${tokenFromMail('started@nudge.test')}/more-time`, null)).statusCode).toBe(
      409,
    );

    // Granted: the invitation opens again, with one more reminder before the new deadline, once.
    const aRow = (await list(job.id)).find((i) => i.email === 'a@nudge.test')!;
    const newDeadline = at(8 * 24).toISOString();
    const grant = await t.post(`/api/admin/jobs/${job.id}/invitations/${aRow.id}/extension`, admin, {
      deadline: newDeadline,
    });
    expect(grant.json()).toMatchObject({ status: 'opened', deadline: newDeadline, expired_at: null });
    expect(await sendDueReminders(t.database.db, t.app.queue, at(7 * 24 + 1))).toBe(1);
    expect(await sendDueReminders(t.database.db, t.app.queue, at(7 * 24 + 2))).toBe(0);
    await t.app.queue.settle();
    expect(mailsTo('a@nudge.test', 'Reminder: your invitation')).toBe(3);
    expect(mailsTo('b@nudge.test', 'Reminder: your invitation')).toBe(2);
  });
});
