/** Format rules of U.S. taxpayer numbers (the IRS does not publish a checksum; TIN Matching checks pairs). */

export const digitsOnly = (tin: string) => tin.replace(/[\s-]/g, '');

/** SSN: 9 digits; area 000, 666 and 900-999, group 00 and serial 0000 are never issued (nor two well-known fakes). */
export function ssnProblem(raw: string): string | null {
  const ssn = digitsOnly(raw);
  if (!/^\d{9}$/.test(ssn)) return 'The SSN must be 9 digits (e.g. 123-45-6789)';
  const area = Number(ssn.slice(0, 3));
  if (area === 0 || area === 666 || area >= 900) return 'This SSN is not valid: no SSN starts with ' + ssn.slice(0, 3);
  if (ssn.slice(3, 5) === '00') return 'This SSN is not valid: its middle two digits cannot be 00';
  if (ssn.slice(5) === '0000') return 'This SSN is not valid: its last four digits cannot be 0000';
  if (ssn === '111111111' || ssn === '123456789') return 'This SSN is not valid';
  return null;
}

/** EIN prefixes the IRS assigns (campus codes); every other prefix is never issued. */
const EIN_PREFIXES = [
  [1, 6],
  [10, 16],
  [20, 27],
  [30, 48],
  [50, 68],
  [71, 77],
  [80, 88],
  [90, 95],
  [98, 99],
] as const;

export function einProblem(raw: string): string | null {
  const ein = digitsOnly(raw);
  if (!/^\d{9}$/.test(ein)) return 'The EIN must be 9 digits (e.g. 12-3456789)';
  const prefix = Number(ein.slice(0, 2));
  if (!EIN_PREFIXES.some(([lo, hi]) => prefix >= lo && prefix <= hi)) {
    return `This EIN is not valid: the IRS does not issue EINs starting with ${ein.slice(0, 2)}`;
  }
  return null;
}
