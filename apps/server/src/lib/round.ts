/** A number to `digits` decimals, as the API shows scores, rates and hours. */
export const round = (n: number, digits = 0) => Math.round(n * 10 ** digits) / 10 ** digits;

/** The same for a value that may be missing (null stays null). */
export const roundOrNull = (n: number | null, digits = 0) => (n === null ? null : round(n, digits));
