/** Money is stored as integer cents; the API speaks dollars (docs/decisions/0105-one-rule-one-place.md). */
export const centsToDollars = (cents: number | string | null | undefined): number =>
  Math.round(Number(cents ?? 0)) / 100;

export const dollarsToCents = (dollars: number): number => Math.round(dollars * 100);
