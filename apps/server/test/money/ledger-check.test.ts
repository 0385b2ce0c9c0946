/**
 * The ledger check (issue 36 item 7) finds what it is there to find: a transfer whose lines do not sum
 * to zero and a payee account below zero. Its own database, since the books are broken on purpose.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { buildTestAppWithAdmin, type TestContext } from '../helpers/build';
import { checkLedger } from '../../src/money/ledger';

let t: TestContext;
let adminId: string;

beforeAll(async () => {
  ({ t, adminId } = await buildTestAppWithAdmin());
});
afterAll(() => t.close());

const transfer = async (key: string, lines: [account: string, cents: number][]) => {
  const db = t.database.db;
  const [row] = (
    await db.execute(sql`insert into ledger_transfers (idempotency_key, kind, user_id)
      values (${key}, 'earned', ${adminId}::uuid) returning id`)
  ).rows as { id: string }[];
  for (const [account, cents] of lines)
    await db.execute(sql`insert into ledger_entries (transfer_id, account, user_id, amount_cents)
      values (${row!.id}::uuid, ${account}, ${adminId}::uuid, ${cents})`);
};

it('balanced books pass; a one-sided transfer and a negative payee balance are each counted', async () => {
  await transfer('check:balanced', [
    ['work_expense', -500],
    ['pending', 500],
  ]);
  expect(await checkLedger(t.database.db)).toMatchObject({ ok: true, entries: 2, debits: 500, credits: 500 });

  await transfer('check:one-sided', [['pending', 70]]);
  expect(await checkLedger(t.database.db)).toMatchObject({
    ok: false,
    debits: 500,
    credits: 570,
    unbalanced_transfers: 1,
    negative_balances: 0,
  });

  // The ledger refuses an overdraft as it is written (drizzle/0019); the check still finds one in books
  // written before that trigger, as here with the trigger off.
  await expect(
    transfer('check:refused', [
      ['available', -900],
      ['work_expense', 900],
    ]),
  ).rejects.toThrow();
  const db = t.database.db;
  await db.execute(sql`alter table ledger_entries disable trigger ledger_entries_no_overdraft`);
  await transfer('check:overdrawn', [
    ['available', -900],
    ['work_expense', 900],
  ]);
  await db.execute(sql`alter table ledger_entries enable trigger ledger_entries_no_overdraft`);
  expect(await checkLedger(db)).toMatchObject({ ok: false, unbalanced_transfers: 1, negative_balances: 1 });
});

it('runs inside a caller transaction and leaves its memory setting to that transaction', async () => {
  const db = t.database.db;
  const before = ((await db.execute(sql`show work_mem`)).rows[0] as { work_mem: string }).work_mem;
  await db.transaction(async (tx) => {
    expect((await checkLedger(tx)).entries).toBeGreaterThan(0);
  });
  expect(((await db.execute(sql`show work_mem`)).rows[0] as { work_mem: string }).work_mem).toBe(before);
});
