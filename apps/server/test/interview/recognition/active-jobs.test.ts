import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestContext } from '../../helpers/build';
import { insertJob } from '../../helpers/work-fixtures';
import { prepareActiveJobModels } from '../../../src/interview/recognition/active-jobs';
import type { JobText } from '../../../src/interview/recognition/job-model';

let t: TestContext;
beforeAll(async () => (t = await buildTestApp()));
afterAll(() => t.close());

describe('recognition models of active jobs at startup', () => {
  it('builds one for every active job, one job at a time, and none for archived or pending jobs', async () => {
    const job = (title: string, status: 'active' | 'archived' | 'pending', minute: number) =>
      insertJob(t.database.db, { title, status, createdAt: new Date(Date.UTC(2026, 0, 1, 0, minute)) });
    const first = await job('Older Editor', 'active', 1);
    await job('Archived Rater', 'archived', 2);
    await job('Pending Rater', 'pending', 3);
    const second = await job('Newer Editor', 'active', 4);

    const started: string[] = [];
    let running = 0;
    let mostAtOnce = 0;
    const finish: (() => void)[] = [];
    const prepare = (job: JobText) => {
      started.push(job.title);
      mostAtOnce = Math.max(mostAtOnce, ++running);
      return new Promise<void>((resolve) =>
        finish.push(() => {
          running--;
          resolve();
        }),
      );
    };
    const done = prepareActiveJobModels(t.database.db, prepare, () => false);
    await expect.poll(() => started).toEqual([first.title]);
    finish.shift()!(); // the first build ends: only then does the second start
    await expect.poll(() => started).toEqual([first.title, second.title]);
    finish.shift()!();
    expect(await done).toBe(2);
    expect(mostAtOnce).toBe(1);
  });

  it('stops between jobs once the server is closing', async () => {
    await insertJob(t.database.db, { status: 'active' });
    let closing = false;
    const prepared: string[] = [];
    const count = await prepareActiveJobModels(
      t.database.db,
      async (job) => {
        prepared.push(job.title);
        closing = true;
      },
      () => closing,
    );
    expect(count).toBe(1);
    expect(prepared).toHaveLength(1);
  });
});
