const UNIT_MS: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 };

/** Parses '15 minutes', '30s', '2 hours', '7d' into milliseconds. */
export function parseDuration(text: string): number {
  const match = /^(\d+) ?(ms|s|seconds?|m|minutes?|h|hours?|d|days?)$/.exec(text.trim());
  if (!match) throw new Error(`Not a duration: ${text}`);
  const unit = match[2] === 'ms' ? 'ms' : match[2]![0]!;
  return Number(match[1]) * UNIT_MS[unit]!;
}
