/**
 * The one CSV writer of every export (decision 0141). RFC 4180 with every field quoted, CRLF line
 * ends, and text that a spreadsheet could run as a formula neutralised the OWASP way: a single
 * quote in front of the trigger. Spreadsheets split a line on the separator of their locale (`;` in
 * much of Europe, sometimes `|` or tab), even inside our quotes when they guess the format, so a
 * trigger right after any separator-like character is neutralised too, not only one at the start.
 *
 * `csvLine` writes one row, so an export can stream its rows instead of building one large string.
 */

/**
 * Characters that make a spreadsheet read a cell as a formula (or, for tab and CR, hide one), with
 * their fullwidth forms, which some spreadsheets read as the ASCII ones (decision 0167).
 */
const TRIGGER = '[=+\\-@\\t\\r\\uff1d\\uff0b\\uff0d\\uff20]';
/** Characters some spreadsheet may take as the end of a cell. */
const SEPARATOR = '[;,\\t|\\r\\n]';
/** Blanks a reader may skip before a trigger: the space, the no-break and ideographic spaces, any other Unicode space. */
const BLANK = '[ \\u00a0\\u1680\\u2000-\\u200a\\u202f\\u205f\\u3000\\ufeff]';
/** A trigger at the start of the text, or right after a separator (some readers skip blanks in between). */
const STARTS_WITH_TRIGGER = new RegExp(`^${BLANK}*${TRIGGER}`);
const TRIGGER_AFTER_SEPARATOR = new RegExp(`(${SEPARATOR}${BLANK}*)(?=${TRIGGER})`, 'g');

/** Text as a spreadsheet should show it: each formula trigger gets a `'` so it stays text. */
export function neutralizeFormula(text: string): string {
  const inner = text.replace(TRIGGER_AFTER_SEPARATOR, "$1'");
  return STARTS_WITH_TRIGGER.test(text) ? `'${inner}` : inner;
}

/**
 * A decimal written as exact text (money from integer cents: '-18.00'), data like a number: a
 * negative amount is not a formula and keeps its sign readable, not behind a `'`.
 */
export class CsvDecimal {
  constructor(readonly text: string) {
    if (!/^-?\d+(\.\d+)?$/.test(text)) throw new Error(`not a decimal: ${text}`);
  }
}

/** One cell: null and undefined are empty; numbers, decimals, booleans and dates are data, never formulas. */
export function csvCell(value: unknown): string {
  let text: string;
  if (value === null || value === undefined) text = '';
  else if (typeof value === 'number' || typeof value === 'bigint' || typeof value === 'boolean') text = String(value);
  else if (value instanceof CsvDecimal) text = value.text;
  else if (value instanceof Date) text = value.toISOString();
  else text = neutralizeFormula(String(value));
  return `"${text.replace(/"/g, '""')}"`;
}

/** One CSV line, every field quoted, ending with CRLF. */
export function csvLine(cells: readonly unknown[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}

/** A whole CSV document: the header line, then one line per row. */
export function toCsv(header: readonly string[], rows: Iterable<readonly unknown[]>): string {
  let csv = csvLine(header);
  for (const row of rows) csv += csvLine(row);
  return csv;
}
