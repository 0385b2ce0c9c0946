import { describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../src/db/client';
import { bossDbAdapter } from '../../src/queue/queue';

/** After the queue has let go of the database, pg-boss's late statements are answered without it. */
describe('job queue statements after stop', () => {
  const database = {
    kind: 'postgres',
    query: () => Promise.reject(new Error('the database is closed')),
  } as unknown as DatabaseHandle;
  const adapter = bossDbAdapter(database, () => true);

  it('a late complete or fail reads as "none affected" (pg-boss reads rows[0].count)', async () => {
    const failCommand =
      'WITH results AS (UPDATE pgboss.job SET state = $1 RETURNING 1)\n    SELECT COUNT(*) FROM results\n  ';
    const result = (await adapter.executeSql(failCommand, ['x'])) as { rows: { count: string }[] };
    expect(parseInt(result.rows[0]!.count)).toBe(0);
  });

  it('a late fetch finds no jobs', async () => {
    const result = await adapter.executeSql(
      'WITH next AS (SELECT id FROM pgboss.job) UPDATE pgboss.job SET state = $1',
      ['x'],
    );
    expect(result.rows).toEqual([]);
  });
});
