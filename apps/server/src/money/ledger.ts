/**
 * The one ledger (decision 0205): every movement of a payee's money is a double-entry transfer with
 * a unique idempotency key, appended and never changed; balances are sums of its entries. Earnings
 * post their own moves from a database trigger (drizzle/0016); payouts post theirs here.
 */
import { and, eq, inArray, lt, sql, type SQL } from 'drizzle-orm';
import { ledgerEntries } from '../db/schema-money';
import { rows, sqlArray } from '../db/raw-sql';
import type { Executor } from '../db/types';

/** The payee's accounts: what is owed to them at each stage, never below zero. */
export const PAYEE_ACCOUNTS = ['pending', 'available', 'requested', 'in_transit', 'paid_out'] as const;
export type PayeeAccount = (typeof PAYEE_ACCOUNTS)[number];
/** The provider's side: the cost of work, debit-normal (its balance is negative). */
export type LedgerAccount = PayeeAccount | 'work_expense';

export type Transfer = {
  key: string;
  kind:
    | 'earned'
    | 'approved'
    | 'rejected'
    | 'requested'
    | 'batched'
    | 'paid'
    | 'failed'
    | 'reversed'
    | 'overturned'
    /** A deleted payee's balances moved to their stand-in (money/deleted-payee.ts). */
    | 'reassigned';
  userId: string;
  refId?: string | null;
  debit: LedgerAccount;
  credit: LedgerAccount;
  cents: number;
};

/** Posts one transfer; a key already posted posts nothing (the first posting stands). */
export async function postTransfer(tx: Executor, t: Transfer): Promise<void> {
  if (!Number.isSafeInteger(t.cents) || t.cents < 0) throw new Error('ledger amounts are whole, positive cents');
  await tx.execute(
    sql`select ledger_post(${t.key}, ${t.kind}, ${t.userId}::uuid, ${t.refId ?? null}::uuid, ${t.debit}, ${t.credit}, ${t.cents})`,
  );
}

export type Balances = Record<PayeeAccount, number>;

/** A payee's balances in cents, summed from the entries (those before `asOf` when given: a statement's closing). */
export async function balancesOf(db: Executor, userId: string, asOf?: Date): Promise<Balances> {
  const rows = await db
    .select({ account: ledgerEntries.account, cents: sql<string>`sum(${ledgerEntries.amountCents})` })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.userId, userId), asOf ? lt(ledgerEntries.createdAt, asOf) : undefined))
    .groupBy(ledgerEntries.account);
  const out = Object.fromEntries(PAYEE_ACCOUNTS.map((a) => [a, 0])) as Balances;
  for (const r of rows) if (r.account in out) out[r.account as PayeeAccount] = Number(r.cents);
  return out;
}

/**
 * Paid out per payee in a calendar year (UTC), net of payouts that came back, by payment date: the
 * 1099-NEC figure. A deleted payee's payments count for the stand-in that holds their books (the
 * `reassigned` transfer names both), and that transfer itself is not a payment. Columns user_id, cents.
 */
export function paidByPayeeInYear(year: number, userId?: string): SQL {
  const only = userId
    ? sql`and (e.user_id = ${userId}::uuid or e.user_id in
        (select user_id from ledger_transfers where kind = 'reassigned' and ref_id = ${userId}::uuid))`
    : sql``;
  return sql`
    select coalesce(r.ref_id, e.user_id) as user_id, sum(e.amount_cents) as cents
    from ledger_entries e
    join ledger_transfers t on t.id = e.transfer_id and t.kind <> 'reassigned'
    left join ledger_transfers r on r.kind = 'reassigned' and r.user_id = e.user_id
    where e.account = 'paid_out'
      and e.created_at >= ${new Date(Date.UTC(year, 0, 1)).toISOString()}::timestamptz
      and e.created_at < ${new Date(Date.UTC(year + 1, 0, 1)).toISOString()}::timestamptz ${only}
    group by 1`;
}

/** What the payee was paid in a calendar year (UTC), net of payouts that came back: for the 1099-NEC. */
export async function paidTotalForYear(db: Executor, userId: string, year: number): Promise<number> {
  const result = await db.execute(
    sql`select coalesce(sum(cents), 0) as cents from (${paidByPayeeInYear(year, userId)}) p`,
  );
  return Number(rows<{ cents: string }>(result)[0]?.cents ?? 0);
}

export type LedgerCheck = {
  ok: boolean;
  entries: number;
  debits: number;
  credits: number;
  /** Transfers whose lines do not sum to zero. */
  unbalanced_transfers: number;
  /** Payee accounts whose balance is below zero. */
  negative_balances: number;
};

/**
 * Memory for the check's per-transfer sums: one group per transfer (half a million for a million
 * entries) overflows the default 4 MB and spills to disk, which doubled the check's time on PGlite.
 */
const CHECK_WORK_MEM = '64MB';

/**
 * The books' invariants: debits equal credits overall and within each transfer, and no payee account is
 * below zero. One statement, reading the entries once for the totals and once per grouping. Run by the
 * tests, after every batch, and as a metric.
 */
export async function checkLedger(db: Executor): Promise<LedgerCheck> {
  // A savepoint inside a caller's transaction: SET LOCAL then ends with that transaction.
  const result = await db.transaction(async (tx) => {
    await tx.execute(sql.raw(`set local work_mem = '${CHECK_WORK_MEM}'`));
    return tx.execute(sql`
      with totals as (
        select count(*) as entries,
          coalesce(sum(-amount_cents) filter (where amount_cents < 0), 0) as debits,
          coalesce(sum(amount_cents) filter (where amount_cents > 0), 0) as credits
        from ledger_entries
      ), per_transfer as (
        select sum(amount_cents) as net from ledger_entries group by transfer_id
      ), per_account as (
        select sum(amount_cents) as bal from ledger_entries
        where ${inArray(sql`account`, PAYEE_ACCOUNTS)}
        group by user_id, account
      )
      select totals.*,
        (select count(*) from per_transfer where net <> 0) as unbalanced,
        (select count(*) from per_account where bal < 0) as negative
      from totals`);
  });
  const r = rows<Record<string, string | number>>(result)[0]!;
  const check = {
    entries: Number(r.entries),
    debits: Number(r.debits),
    credits: Number(r.credits),
    unbalanced_transfers: Number(r.unbalanced),
    negative_balances: Number(r.negative),
  };
  return {
    ok: check.debits === check.credits && check.unbalanced_transfers === 0 && check.negative_balances === 0,
    ...check,
  };
}

/**
 * The same transfer for every payout request of a batch (or the listed ones) in one statement: the
 * batch of 10,000 payees posts at once. Keys are payout:<request id>:<kind>, as postTransfer's.
 */
export async function postRequestTransfers(
  tx: Executor,
  t: { batchId: string; requestIds?: string[]; kind: Transfer['kind']; debit: LedgerAccount; credit: LedgerAccount },
): Promise<number> {
  const only = t.requestIds ? sql`and id = any(${sqlArray(t.requestIds, 'uuid')})` : sql``;
  const result = await tx.execute(sql`
    with src as (
      select id, user_id, amount_cents from payout_requests where batch_id = ${t.batchId}::uuid and amount_cents > 0 ${only}
    ), t as (
      insert into ledger_transfers (idempotency_key, kind, user_id, ref_id)
      select 'payout:' || id || ':' || ${t.kind}, ${t.kind}, user_id, id from src
      on conflict (idempotency_key) do nothing
      returning id, ref_id
    ), ins as (
      insert into ledger_entries (transfer_id, account, user_id, amount_cents)
      select t.id, ${t.debit}, s.user_id, -s.amount_cents from t join src s on s.id = t.ref_id
      union all
      select t.id, ${t.credit}, s.user_id, s.amount_cents from t join src s on s.id = t.ref_id
      returning 1
    )
    select count(*) as n from t`);
  return Number(rows<{ n: string }>(result)[0]?.n ?? 0);
}
