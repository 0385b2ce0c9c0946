/** Format and checksum rules of bank identifiers: a typo is caught before money goes to a stranger. */

/** The ABA routing number check lives in @app/shared, so that the web form marks the field the same way. */
export { abaProblem } from '@app/shared';

/** U.S. account numbers: 4 to 17 digits (the NACHA field is 17 characters). */
export function usAccountProblem(account: string): string | null {
  if (!/^\d{4,17}$/.test(account)) return 'The account number must be 4 to 17 digits';
  if (/^0+$/.test(account)) return 'The account number cannot be all zeros';
  return null;
}

/** IBAN lengths per country (SWIFT IBAN registry) for the countries a SEPA payout reaches, and more. */
const IBAN_LENGTHS: Record<string, number> = Object.fromEntries(
  [
    'AD24 AE23 AL28 AT20 AZ28 BA20 BE16 BG22 BH22 BR29 CH21 CR22 CY28 CZ24 DE22 DK18 DO28 EE20 EG29 ES24',
    'FI18 FO18 FR27 GB22 GE22 GI23 GL18 GR27 GT28 HR21 HU28 IE22 IL23 IS26 IT27 JO30 KW30 KZ20 LB28 LI21',
    'LT20 LU20 LV21 MC27 MD24 ME22 MK19 MR27 MT31 MU30 NL18 NO15 PK24 PL28 PS29 PT25 QA29 RO24 RS22 SA24',
    'SE24 SI19 SK24 SM27 TN24 TR26 UA29 VG24 XK20',
  ]
    .join(' ')
    .split(' ')
    .map((e) => [e.slice(0, 2), Number(e.slice(2))]),
);

/** The IBAN without spaces, upper case: how it is stored and written into a pain.001 file. */
export const normalizeIban = (iban: string) => iban.replace(/\s+/g, '').toUpperCase();

/** Moves the first four characters to the end, letters to 10-35, and the number mod 97 must be 1 (ISO 13616). */
export function ibanMod97(iban: string): number {
  const rearranged = iban.slice(4) + iban.slice(0, 4);
  let remainder = 0;
  for (const ch of rearranged) {
    const code = ch >= 'A' && ch <= 'Z' ? String(ch.charCodeAt(0) - 55) : ch;
    for (const digit of code) remainder = (remainder * 10 + Number(digit)) % 97;
  }
  return remainder;
}

export function ibanProblem(raw: string): string | null {
  const iban = normalizeIban(raw);
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{10,30}$/.test(iban))
    return 'The IBAN must start with a country code and two check digits';
  const expected = IBAN_LENGTHS[iban.slice(0, 2)];
  if (expected === undefined) return `IBANs of ${iban.slice(0, 2)} are not supported`;
  if (iban.length !== expected)
    return `An IBAN of ${iban.slice(0, 2)} has ${expected} characters, this one ${iban.length}`;
  if (ibanMod97(iban) !== 1) return 'The IBAN is not valid (its check digits do not match); check it for a typo';
  return null;
}

/** BIC (ISO 9362; the pain.001 BICFI pattern): bank 4, country 2, location 2, optional branch 3. */
export function bicProblem(raw: string): string | null {
  const bic = raw.replace(/\s+/g, '').toUpperCase();
  if (!/^[A-Z0-9]{4}[A-Z]{2}[A-Z0-9]{2}([A-Z0-9]{3})?$/.test(bic)) return 'The BIC must be 8 or 11 letters and digits';
  return null;
}
