/**
 * The campaign sweep's test-only hook (CAMPAIGN_SWEEP_TEST_HOOK): the browser journey's way to see a
 * reminder from a separate server process. Refused in production, absent unless switched on, admin
 * only, and a scheduled sweep's data cannot move its clock when the hook is off.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config/env';
import { buildTestAppWithAdmin, type TestContext } from '../helpers/build';
import { readOutbox } from '../helpers/outbox';
import { postJob } from '../helpers/work-fixtures';

const reminders = (t: TestContext, to: string) =>
  readOutbox(t.config.dataDir).filter((m) => m.includes(`To: ${to}`) && m.includes('Reminder: your invitation'));

async function invite(t: TestContext, admin: string, email: string) {
  const job = await postJob(t, admin, { title: 'Hooked Rater' });
  const res = await t.post(`/api/admin/jobs/${job.id}/invitations`, admin, { invitees: [{ email }] });
  expect(res.statusCode, res.body).toBe(201);
}

describe('the campaign sweep test hook', () => {
  it('is refused on a production server', () => {
    expect(() => loadConfig({ CAMPAIGN_SWEEP_TEST_HOOK: 'true' })).toThrow(ConfigError);
    expect(() => loadConfig({ CAMPAIGN_SWEEP_TEST_HOOK: 'true', NODE_ENV: 'production' })).toThrow(
      /CAMPAIGN_SWEEP_TEST_HOOK/,
    );
    expect(loadConfig({ CAMPAIGN_SWEEP_TEST_HOOK: 'true', NODE_ENV: 'development' }).CAMPAIGN_SWEEP_TEST_HOOK).toBe(
      true,
    );
  });

  describe('switched off (the default)', () => {
    let t: TestContext;
    let admin: string;
    beforeAll(async () => {
      ({ t, admin } = await buildTestAppWithAdmin());
    });
    afterAll(async () => t?.close());

    it('has no route, and a sweep job cannot move its own clock', async () => {
      const res = await t.post('/api/admin/test/campaign-sweep', admin, { ahead_hours: 49 });
      expect(res.statusCode).toBe(404);
      await invite(t, admin, 'off@hook.test');
      await t.app.queue.send('campaign-sweep', { ahead_hours: 49 });
      await t.app.queue.settle();
      expect(reminders(t, 'off@hook.test')).toHaveLength(0);
    });
  });

  describe('switched on', () => {
    let t: TestContext;
    let admin: string;
    beforeAll(async () => {
      ({ t, admin } = await buildTestAppWithAdmin({ CAMPAIGN_SWEEP_TEST_HOOK: 'true' }));
    });
    afterAll(async () => t?.close());

    it('lets only an admin run the sweep hours ahead, which sends the due reminder once', async () => {
      await invite(t, admin, 'on@hook.test');
      const candidate = await t.signUp('someone@hook.test');
      expect((await t.post('/api/admin/test/campaign-sweep', candidate.token, { ahead_hours: 49 })).statusCode).toBe(
        403,
      );
      expect((await t.post('/api/admin/test/campaign-sweep', admin, { ahead_hours: -1 })).statusCode).toBe(422);

      // Now: nothing is due yet.
      expect((await t.post('/api/admin/test/campaign-sweep', admin, { ahead_hours: 0 })).statusCode).toBe(202);
      await t.app.queue.settle();
      expect(reminders(t, 'on@hook.test')).toHaveLength(0);

      for (let run = 0; run < 2; run++) {
        expect((await t.post('/api/admin/test/campaign-sweep', admin, { ahead_hours: 49 })).statusCode).toBe(202);
        await t.app.queue.settle();
      }
      expect(reminders(t, 'on@hook.test')).toHaveLength(1);
    });
  });
});
