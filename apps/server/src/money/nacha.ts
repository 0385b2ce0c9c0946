/**
 * A NACHA PPD credit file (decision 0206): 94-character ASCII records, a file header (1), one batch
 * header (5), an entry (6) per payee, the batch control (8), the file control (9), padded with
 * all-9 records to a multiple of ten (blocking factor 10). Amounts are integer cents throughout.
 */

export type AchCredit = {
  routingNumber: string;
  accountNumber: string;
  /** checking (transaction code 22) or savings (32). */
  accountType?: 'checking' | 'savings';
  cents: number;
  name: string;
  /** Our reference for the payee (the payout request), up to 15 characters. */
  individualId: string;
};

export type AchOrigin = {
  /** The originating bank's routing number (ODFI), 9 digits. */
  odfiRouting: string;
  /** The bank the file goes to (immediate destination), 9 digits; usually the ODFI. */
  destinationRouting: string;
  destinationName: string;
  companyName: string;
  /** 10 characters, e.g. "1" + EIN. */
  companyId: string;
};

export const NACHA_RECORD_LENGTH = 94;

/** ABA check digit: 3(d1+d4+d7) + 7(d2+d5+d8) + (d3+d6+d9) ≡ 0 (mod 10), prefix 00-12, 21-32, 61-72 or 80. */
export function isValidRoutingNumber(routing: string): boolean {
  if (!/^\d{9}$/.test(routing)) return false;
  const prefix = Number(routing.slice(0, 2));
  if (!(prefix <= 12 || (prefix >= 21 && prefix <= 32) || (prefix >= 61 && prefix <= 72) || prefix === 80))
    return false;
  const d = [...routing].map(Number);
  const sum = 3 * (d[0]! + d[3]! + d[6]!) + 7 * (d[1]! + d[4]! + d[7]!) + (d[2]! + d[5]! + d[8]!);
  return sum % 10 === 0;
}

/** NACHA allows printable ASCII only: accents are stripped, anything else becomes a space; upper case. */
export function achText(value: string, width: number): string {
  const ascii = value
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]/g, ' ')
    .toUpperCase();
  return ascii.slice(0, width).padEnd(width, ' ');
}

const num = (value: number | string, width: number): string => {
  const s = String(value);
  if (!/^\d+$/.test(s) || s.length > width) throw new Error(`NACHA field overflow: ${width} digits`);
  return s.padStart(width, '0');
};

const yymmdd = (d: Date) =>
  `${String(d.getUTCFullYear() % 100).padStart(2, '0')}${String(d.getUTCMonth() + 1).padStart(2, '0')}${String(d.getUTCDate()).padStart(2, '0')}`;

/** Entry hash: the sum of the 8-digit receiving bank ids, its rightmost 10 digits. */
export function entryHash(routingNumbers: string[]): string {
  const total = routingNumbers.reduce((acc, r) => acc + BigInt(r.slice(0, 8)), 0n);
  return total.toString().slice(-10).padStart(10, '0');
}

export type NachaInput = {
  origin: AchOrigin;
  credits: AchCredit[];
  createdAt: Date;
  /** The day the payees' banks should post the credits. */
  effectiveDate: Date;
  /** File ID modifier, A-Z or 0-9: distinguishes files of one day. */
  fileIdModifier: string;
};

/** The file as text, records separated by \n (each exactly 94 characters). */
export function buildNachaFile(input: NachaInput): string {
  const { origin, credits } = input;
  for (const r of [origin.odfiRouting, origin.destinationRouting, ...credits.map((c) => c.routingNumber)]) {
    if (!isValidRoutingNumber(r)) throw new Error(`Invalid routing number ${r.slice(0, 4)}…`);
  }
  if (!/^[A-Z0-9]$/.test(input.fileIdModifier)) throw new Error('File ID modifier must be A-Z or 0-9');
  const odfi8 = origin.odfiRouting.slice(0, 8);
  const hhmm = `${String(input.createdAt.getUTCHours()).padStart(2, '0')}${String(input.createdAt.getUTCMinutes()).padStart(2, '0')}`;
  const records: string[] = [];
  records.push(
    '1' +
      '01' +
      ` ${origin.destinationRouting}` +
      ` ${origin.odfiRouting}` +
      yymmdd(input.createdAt) +
      hhmm +
      input.fileIdModifier +
      '094' +
      '10' +
      '1' +
      achText(origin.destinationName, 23) +
      achText(origin.companyName, 23) +
      achText('', 8),
  );
  const batchNumber = num(1, 7);
  const companyId = achText(origin.companyId, 10);
  records.push(
    '5' +
      '220' +
      achText(origin.companyName, 16) +
      achText('', 20) +
      companyId +
      'PPD' +
      // Nacha 2026: PPD credits paying compensation carry the description PAYROLL.
      achText('PAYROLL', 10) +
      yymmdd(input.effectiveDate) +
      yymmdd(input.effectiveDate) +
      '   ' +
      '1' +
      odfi8 +
      batchNumber,
  );
  let totalCents = 0;
  credits.forEach((c, i) => {
    if (!Number.isSafeInteger(c.cents) || c.cents <= 0) throw new Error('ACH amounts are positive whole cents');
    if (!/^[0-9A-Za-z-]{1,17}$/.test(c.accountNumber)) throw new Error('Invalid account number');
    totalCents += c.cents;
    records.push(
      '6' +
        (c.accountType === 'savings' ? '32' : '22') +
        c.routingNumber.slice(0, 8) +
        c.routingNumber[8] +
        achText(c.accountNumber, 17) +
        num(c.cents, 10) +
        achText(c.individualId, 15) +
        achText(c.name, 22) +
        '  ' +
        '0' +
        odfi8 +
        num(i + 1, 7),
    );
  });
  const hash = entryHash(credits.map((c) => c.routingNumber));
  const count = credits.length;
  records.push(
    '8' +
      '220' +
      num(count, 6) +
      hash +
      num(0, 12) +
      num(totalCents, 12) +
      companyId +
      ' '.repeat(19) +
      ' '.repeat(6) +
      odfi8 +
      batchNumber,
  );
  const unpadded = records.length + 1;
  const blocks = Math.ceil(unpadded / 10);
  records.push(
    '9' + num(1, 6) + num(blocks, 6) + num(count, 8) + hash + num(0, 12) + num(totalCents, 12) + ' '.repeat(39),
  );
  while (records.length % 10 !== 0) records.push('9'.repeat(NACHA_RECORD_LENGTH));
  for (const r of records)
    if (r.length !== NACHA_RECORD_LENGTH) throw new Error(`NACHA record of ${r.length} characters`);
  return records.join('\n') + '\n';
}
