/**
 * bench:money (issue 36): on embedded PostgreSQL (PGlite, in memory), a payout batch of 10,000
 * payees built and both bank files written (target ≤ 5 s), then the ledger check over 1,000,000
 * entries (target ≤ 2 s). Prints the figures.
 */
import crypto from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../apps/server/src/db/client';
import { loadConfig } from '../apps/server/src/config/env';
import { useDataKeys, encryptSecret } from '../apps/server/src/money/encryption';
import { createBatch } from '../apps/server/src/money/payout-batches';
import { batchBankFile } from '../apps/server/src/money/bank-files';
import { checkLedger } from '../apps/server/src/money/ledger';

const PAYEES = Number(process.env.BENCH_PAYEES ?? 10_000);
const ENTRIES = Number(process.env.BENCH_ENTRIES ?? 1_000_000);

const config = loadConfig({
  DATA_DIR: path.join(os.tmpdir(), `bench-money-${process.pid}`),
  DATA_ENCRYPTION_KEY: crypto.randomBytes(32).toString('base64'),
});
useDataKeys(config);
const handle = await openDatabase({ dataDir: null });
const db = handle.db;
const ms = (from: number) => Math.round(performance.now() - from);

// ---- Setup (not timed): payees with methods, available earnings, open requests. ----
let t0 = performance.now();
await db.execute(sql`insert into users (email, password_hash, role) values ('admin@bench.test', 'x', 'admin')`);
await db.execute(sql`insert into users (email, password_hash, role, name)
  select 'p' || g || '@bench.test', 'x', 'candidate', 'Payee ' || g from generate_series(1, ${PAYEES}) g`);
await db.execute(sql`insert into jobs (title, description, position_type) values ('Bench job', 'Bench', 'Rater')`);
await db.execute(sql`insert into annotation_items (job_id) select id from jobs limit 1`);
await db.execute(sql`insert into annotation_tasks (job_id, item_id, assignee_id, status, task_name, data_to_annotate)
  select j.id, i.id, u.id, 'reviewed', 'Bench task', '{}'::jsonb
  from users u, jobs j, annotation_items i where u.role = 'candidate'`);
// The trigger posts each earning's earned + approved transfers to the ledger.
await db.execute(sql`insert into earnings (user_id, task_id, job_id, amount_cents, seconds_billed, iso_week, status)
  select t.assignee_id, t.id, t.job_id, 1000 + (abs(hashtext(t.id::text)) % 90000), 3600, '2026-W40', 'available'
  from annotation_tasks t`);
const users = (await db.execute(sql`select id from users where role = 'candidate' order by email`)).rows as {
  id: string;
}[];
const old = new Date(Date.now() - 30 * 86_400_000);
for (let i = 0; i < users.length; i += 1000) {
  const values = users.slice(i, i + 1000).map((u, j) => {
    const us = (i + j) % 2 === 0;
    const account = us ? String(100000000 + i + j) : 'DE89370400440532013000';
    return sql`(${u.id}::uuid, ${us ? 'us_bank' : 'iban'}, ${'Payee ' + (i + j)}, 'Bench Bank', ${us ? '011000015' : 'COBADEFFXXX'},
      ${encryptSecret(account, `payout_methods.account:${u.id}`)}, ${account.slice(-4)}, ${old.toISOString()}::timestamptz)`;
  });
  await db.execute(sql`insert into payout_methods (user_id, type, account_holder, bank_name, bank_code, account_encrypted, last4, changed_at)
    values ${sql.join(values, sql`, `)}`);
}
await db.execute(sql`insert into payout_requests (user_id, amount_cents, idempotency_key)
  select user_id, amount_cents, 'bench' from earnings`);
await db.execute(sql`insert into payout_request_earnings (request_id, earning_id)
  select r.id, e.id from payout_requests r join earnings e on e.user_id = r.user_id`);
await db.execute(sql`select ledger_post('payout:' || id || ':requested', 'requested', user_id, id, 'available', 'requested', amount_cents)
  from payout_requests`);
console.log(`setup: ${PAYEES} payees with methods, earnings and open requests in ${ms(t0)} ms`);

// ---- Timed: the batch and both files. ----
const [admin] = (await db.execute(sql`select id from users where role = 'admin'`)).rows as { id: string }[];
t0 = performance.now();
const batch = await createBatch(db, admin!.id, {
  now: new Date('2026-11-26T12:00:00Z'),
  anchor: '2026-01-05',
  holdHours: 72,
});
const built = ms(t0);
const t1 = performance.now();
const ach = await batchBankFile(db, config, batch.id, 'nacha');
const xml = await batchBankFile(db, config, batch.id, 'pain.001');
const files = ms(t1);
const total = ms(t0);
console.log(
  `batch: ${batch.items.length} payees, $${batch.total.toFixed(2)}: built in ${built} ms, files in ${files} ms ` +
    `(NACHA ${ach.body.length} bytes, pain.001 ${xml.body.length} bytes); total ${total} ms (target ≤ 5000) ${total <= 5000 ? 'OK' : 'SLOW'}`,
);

// ---- The ledger check over 1,000,000 entries. ----
const have = Number(((await db.execute(sql`select count(*) as n from ledger_entries`)).rows[0] as { n: string }).n);
const transfers = Math.max(0, Math.ceil((ENTRIES - have) / 2));
t0 = performance.now();
for (let done = 0; done < transfers; done += 100_000) {
  const n = Math.min(100_000, transfers - done);
  await db.execute(sql`select ledger_post('bench:' || ${done} || ':' || g, 'earned', null, null, 'work_expense', 'pending', 1 + g % 500)
    from generate_series(1, ${n}) g`);
}
console.log(`ledger filled to ${have + transfers * 2} entries in ${ms(t0)} ms`);
t0 = performance.now();
const check = await checkLedger(db);
const checked = ms(t0);
console.log(
  `ledger check: ${check.entries} entries, ok=${check.ok}, debits=${check.debits} credits=${check.credits}: ` +
    `${checked} ms (target ≤ 2000) ${checked <= 2000 ? 'OK' : 'SLOW'}`,
);
await handle.close();
