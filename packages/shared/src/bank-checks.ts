/**
 * The ABA routing number check, shared by the server (which refuses) and the web form (which marks
 * the field before sending): a typo is caught before money goes to a stranger.
 */

/**
 * 9 digits, a Federal Reserve prefix (01-12, 21-32; 61-72 and 80 for electronic and traveler's checks)
 * and the 3-7-1 checksum. All zeros and the 00 prefix pass the checksum but are no bank's number.
 */
export function abaProblem(routing: string): string | null {
  if (!/^\d{9}$/.test(routing)) return 'The routing number must be 9 digits';
  if (/^0+$/.test(routing)) return 'The routing number cannot be all zeros';
  if (routing.startsWith('00'))
    return 'A routing number cannot start with 00; check the 9-digit number printed on your checks or bank statement';
  const prefix = Number(routing.slice(0, 2));
  const validPrefix =
    (prefix >= 1 && prefix <= 12) || (prefix >= 21 && prefix <= 32) || (prefix >= 61 && prefix <= 72) || prefix === 80;
  if (!validPrefix) return 'This is not a routing number a U.S. bank uses';
  const d = [...routing].map(Number);
  const sum = 3 * (d[0]! + d[3]! + d[6]!) + 7 * (d[1]! + d[4]! + d[7]!) + (d[2]! + d[5]! + d[8]!);
  if (sum % 10 !== 0) return 'The routing number is not valid (its check digit does not match); check it for a typo';
  return null;
}

/** The routing number as it is checked and stored: spaces dropped. */
export const normalizeRouting = (routing: string) => routing.replace(/\s+/g, '');
