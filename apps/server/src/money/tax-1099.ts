/**
 * The 1099-NEC list of a year (issue 36 item 3): U.S. payees (a W-9 on file) whose payouts in the
 * year reach the year's threshold, counted by payment date. Shows tin_last4 only.
 */
import { sql } from 'drizzle-orm';
import type { taxProfiles } from '../db/schema-money';
import { rows } from '../db/raw-sql';
import type { Executor } from '../db/types';
import { csvLine } from '../lib/csv';
import { paidByPayeeInYear } from './ledger';

/** $600 through tax year 2025; $2,000 for payments after Dec 31, 2025 (P.L. 119-21 section 70433). */
export const necThresholdCents = (year: number) => (year <= 2025 ? 600_00 : 2_000_00);

export type NecRow = {
  user_id: string;
  legal_name: string;
  business_name: string | null;
  tin_type: string | null;
  tin_last4: string | null;
  address: (typeof taxProfiles.$inferSelect)['address'];
  total_cents: number;
};

export async function form1099Nec(db: Executor, year: number): Promise<NecRow[]> {
  // Paid totals come from the ledger (decision 0205): payouts net of bank returns, by payment date,
  // the same sums as paidTotalForYear; a deleted payee's under their stand-in (decision 0219).
  const result = await db.execute(sql`
    select tp.user_id, tp.legal_name, tp.business_name, tp.tin_type, tp.tin_last4, tp.address,
      paid.cents as total_cents
    from tax_profiles tp join (${paidByPayeeInYear(year)}) paid on paid.user_id = tp.user_id
    where tp.form = 'w9' and paid.cents >= ${necThresholdCents(year)}
    order by tp.legal_name, tp.user_id`);
  return rows<NecRow & { total_cents: string | number }>(result).map((r) => ({
    ...r,
    total_cents: Number(r.total_cents),
  }));
}

const HEADER = [
  'legal_name',
  'business_name',
  'tin_type',
  'tin_last4',
  'address_line1',
  'address_line2',
  'city',
  'region',
  'postal_code',
  'country',
  'total',
];

export function form1099NecCsv(rows: NecRow[]): string {
  let csv = csvLine(HEADER);
  for (const r of rows) {
    const a = r.address;
    csv += csvLine([
      r.legal_name,
      r.business_name,
      r.tin_type,
      r.tin_last4,
      a.line1,
      a.line2,
      a.city,
      a.region,
      a.postal_code,
      a.country,
      (r.total_cents / 100).toFixed(2),
    ]);
  }
  return csv;
}
