/** A text cut into plain runs and filler runs, for marking the fillers in the transcript. */
export type Run = { text: string; filler: boolean };

export function markFillers(text: string, spans: [number, number][]): Run[] {
  const runs: Run[] = [];
  let at = 0;
  for (const [start, end] of [...spans].sort((a, b) => a[0] - b[0])) {
    if (start < at || end > text.length || end <= start) continue; // overlapping or out of range: ignored
    if (start > at) runs.push({ text: text.slice(at, start), filler: false });
    runs.push({ text: text.slice(start, end), filler: true });
    at = end;
  }
  if (at < text.length) runs.push({ text: text.slice(at), filler: false });
  return runs;
}

/** How a pace reads against the usual band. */
export function paceText(wpm: number | null, [low, high]: readonly [number, number]): string {
  if (wpm === null) return 'Not measured';
  if (wpm < low) return 'Slower than usual';
  if (wpm > high) return 'Faster than usual';
  return 'In the usual range';
}
