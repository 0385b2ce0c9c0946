/**
 * Money as every screen shows it: US dollars in the en-US locale ('$1,234.50'), one formatter for
 * the candidate screens and the provider console (docs/decisions/0105-one-rule-one-place.md).
 */
const withCents = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const wholeDollars = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 0,
  maximumFractionDigits: 0,
});

export type MoneyFormat = {
  /** 'always' (default): '$25.00'; 'auto': whole amounts without cents ('$25'), others with ('$25.50'). */
  cents?: 'always' | 'auto';
  /** Prefix a plus sign, as an earning in the transaction list: '+$12.50'. */
  sign?: boolean;
};

/** '$1,234.50'. Numeric strings are read as numbers; anything unreadable counts as 0. */
export function formatMoney(amount: number | string | null | undefined, format: MoneyFormat = {}): string {
  const n = typeof amount === 'number' ? amount : Number(amount ?? 0);
  const value = Number.isFinite(n) ? n : 0;
  const formatter = format.cents === 'auto' && Number.isInteger(value) ? wholeDollars : withCents;
  return `${format.sign && value >= 0 ? '+' : ''}${formatter.format(value)}`;
}
