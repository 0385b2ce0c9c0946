/**
 * The one HTTP Range parser (RFC 9110 §14), shared by GET /api/files/:id and the interview
 * recording. Behaviour (decision 0082):
 * - no header, another unit, a malformed value or several ranges ("bytes=0-1,5-6"): null, i.e. send
 *   the whole file with 200 (the RFC lets a server ignore Range; players only ask for one range);
 * - one satisfiable range ("a-b", "a-", "-n"), clamped to the file: that range (206);
 * - one range that starts past the end or ends before it starts, or "-0": 'unsatisfiable' (416 with `bytes *\/size`).
 */
export type ByteRange = { start: number; end: number };

export function parseRange(header: string | undefined, size: number): ByteRange | 'unsatisfiable' | null {
  if (!header) return null;
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m || (m[1] === '' && m[2] === '')) return null;
  let start: number;
  let end: number;
  if (m[1] === '') {
    const suffix = Number(m[2]);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    start = Math.max(0, size - suffix);
    end = size - 1;
  } else {
    start = Number(m[1]);
    end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  }
  if (start >= size || start > end) return 'unsatisfiable';
  return { start, end };
}
