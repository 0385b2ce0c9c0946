/**
 * A payee's yearly statement (issue 36 item 8; decision 0209): every earning and payout of the year
 * with its task, hours, rate and status, and totals summed from the ledger, as CSV or PDF.
 */
import { and, asc, eq, gte, lt } from 'drizzle-orm';
import type { Executor } from '../db/types';
import { annotationTasks, earnings, jobs, users } from '../db/schema';
import { payoutRequests } from '../db/schema-money';
import { CsvDecimal, csvLine } from '../lib/csv';
import { round } from '../lib/round';
import { notFound } from '../http/http-errors';
import { balancesOf, paidTotalForYear, type Balances } from './ledger';

export type StatementLine = {
  date: Date;
  type: 'earning' | 'payout';
  description: string;
  reference: string;
  hours: number | null;
  rateCents: number | null;
  cents: number;
  status: string;
};

export type Statement = {
  year: number;
  email: string;
  lines: StatementLine[];
  /** From the ledger: paid out in the year (net of returns) and the balances at the year's end. */
  paidCents: number;
  closing: Balances;
};

export async function buildStatement(db: Executor, userId: string, year: number): Promise<Statement> {
  const [user] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  if (!user) throw notFound('User not found');
  const from = new Date(Date.UTC(year, 0, 1));
  const to = new Date(Date.UTC(year + 1, 0, 1));
  // The user's rows of the year, for either table.
  const ofYear = (t: typeof earnings | typeof payoutRequests) =>
    and(eq(t.userId, userId), gte(t.createdAt, from), lt(t.createdAt, to));
  const work = await db
    .select({ earning: earnings, taskName: annotationTasks.taskName, jobTitle: jobs.title, rate: jobs.payPerHourCents })
    .from(earnings)
    .innerJoin(annotationTasks, eq(annotationTasks.id, earnings.taskId))
    .leftJoin(jobs, eq(jobs.id, earnings.jobId))
    .where(ofYear(earnings))
    .orderBy(asc(earnings.createdAt), asc(earnings.id));
  const payouts = await db
    .select()
    .from(payoutRequests)
    .where(ofYear(payoutRequests))
    .orderBy(asc(payoutRequests.createdAt));
  const lines: StatementLine[] = [
    ...work.map(({ earning: e, taskName, jobTitle, rate }) => ({
      date: e.createdAt,
      type: 'earning' as const,
      description: `${taskName} - ${jobTitle ?? ''}`,
      reference: e.taskId,
      hours: round(e.secondsBilled / 3600, 4),
      rateCents: rate ?? null,
      cents: e.amountCents,
      status: e.status,
    })),
    ...payouts.map((p) => ({
      date: p.paidAt ?? p.createdAt,
      type: 'payout' as const,
      description: p.failureReason ? `Payout (failed: ${p.failureReason})` : 'Payout',
      reference: p.id,
      hours: null,
      rateCents: null,
      cents: -p.amountCents,
      status: p.status,
    })),
  ].sort((a, b) => a.date.getTime() - b.date.getTime());
  const closing = await balancesOf(db, userId, to);
  return { year, email: user.email, lines, paidCents: await paidTotalForYear(db, userId, year), closing };
}

const money = (cents: number) =>
  `${cents < 0 ? '-' : ''}${Math.floor(Math.abs(cents) / 100)}.${String(Math.abs(cents) % 100).padStart(2, '0')}`;

const TOTAL_LABELS: Array<[string, (s: Statement) => number]> = [
  ['Paid out in the year', (s) => s.paidCents],
  ['Available at year end', (s) => s.closing.available],
  ['Requested or on its way at year end', (s) => s.closing.requested + s.closing.in_transit],
  ['In review at year end', (s) => s.closing.pending],
];

export function statementCsv(s: Statement): string {
  const out = [csvLine(['date', 'type', 'description', 'reference', 'hours', 'rate_per_hour', 'amount', 'status'])];
  for (const l of s.lines) {
    out.push(
      csvLine([
        l.date.toISOString(),
        l.type,
        l.description,
        l.reference,
        l.hours,
        l.rateCents === null ? null : new CsvDecimal(money(l.rateCents)),
        // A payout is negative: a decimal, not text a spreadsheet would get as "'-18.00".
        new CsvDecimal(money(l.cents)),
        l.status,
      ]),
    );
  }
  for (const [label, of] of TOTAL_LABELS)
    out.push(csvLine(['', 'total', label, '', null, null, new CsvDecimal(money(of(s))), '']));
  return out.join('');
}

/** The standard PDF fonts speak WinAnsi only: anything else becomes '?'. */
const winAnsi = (t: string) => t.replace(/[^\x20-\x7e\xa0-\xff]/g, '?');

export async function statementPdf(s: Statement): Promise<Uint8Array> {
  // Loaded here, not at start-up (decision 0241).
  const { PDFDocument, StandardFonts } = await import('pdf-lib');
  const pdf = await PDFDocument.create();
  pdf.setTitle(`Earnings statement ${s.year}`);
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  let page = pdf.addPage([612, 792]);
  let y = 750;
  const line = (text: string, opts: { size?: number; bold?: boolean; x?: number } = {}) => {
    if (y < 50) {
      page = pdf.addPage([612, 792]);
      y = 750;
    }
    page.drawText(winAnsi(text), { x: opts.x ?? 40, y, size: opts.size ?? 9, font: opts.bold ? bold : font });
  };
  line(`Earnings statement ${s.year}`, { size: 16, bold: true });
  y -= 20;
  line(s.email, { size: 10 });
  y -= 24;
  const cols = [40, 110, 330, 380, 440, 510];
  ['Date', 'Description', 'Hours', 'Rate', 'Amount', 'Status'].forEach((h, i) => line(h, { bold: true, x: cols[i] }));
  y -= 14;
  for (const l of s.lines) {
    const cells = [
      l.date.toISOString().slice(0, 10),
      l.description.slice(0, 42),
      l.hours === null ? '' : l.hours.toFixed(2),
      l.rateCents === null ? '' : `$${money(l.rateCents)}`,
      `$${money(l.cents)}`,
      l.status,
    ];
    cells.forEach((c, i) => line(c, { x: cols[i] }));
    y -= 13;
  }
  y -= 10;
  for (const [label, of] of TOTAL_LABELS) {
    line(label, { bold: true });
    line(`$${money(of(s))}`, { x: 440 });
    y -= 14;
  }
  return pdf.save();
}
