/** Turns an error reply's `detail` into one line a person can read (docs/product/errors.md). */
export function describeErrorDetail(body: unknown, fallback: string): string {
  if (body && typeof body === 'object') {
    const detail = (body as { detail?: unknown }).detail;
    if (Array.isArray(detail)) {
      const msgs = detail
        .map((item) => (item && typeof item === 'object' ? (item as { msg?: unknown }).msg : undefined))
        .filter((m): m is string => typeof m === 'string' && m.length > 0);
      return msgs.length ? `Validation error: ${msgs.join(', ')}` : 'Validation error';
    }
    if (typeof detail === 'string' && detail) return detail;
    const message = (body as { message?: unknown }).message;
    if (typeof message === 'string' && message) return message;
  }
  return fallback;
}
