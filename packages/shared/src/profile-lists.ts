/**
 * List entries of a profile (education, work experience, projects, publications, certifications).
 * docs/product/rules.md: an entry is dropped when every field is empty, 'none' or 'n/a' (case-insensitive).
 */
export type ListEntryLike = Record<string, string | null | undefined>;

/** True for a value that carries no information: empty, whitespace, 'none' or 'n/a' in any case. */
export function isBlankListValue(value: unknown): boolean {
  if (value === null || value === undefined) return true;
  if (typeof value !== 'string') return false;
  const v = value.trim().toLowerCase();
  return v === '' || v === 'none' || v === 'n/a';
}

/** True when the entry has at least one meaningful field. */
export function isMeaningfulEntry(entry: ListEntryLike | null | undefined): boolean {
  if (!entry || typeof entry !== 'object') return false;
  return Object.values(entry).some((v) => !isBlankListValue(v));
}

/** Keeps the meaningful entries, with each string field trimmed. */
export function cleanListEntries<T extends ListEntryLike>(entries: readonly T[] | null | undefined): T[] {
  if (!Array.isArray(entries)) return [];
  return entries.filter(isMeaningfulEntry).map((entry) => {
    const out: Record<string, string | null | undefined> = {};
    for (const [k, v] of Object.entries(entry) as [string, string | null | undefined][]) {
      out[k] = typeof v === 'string' ? v.trim() : v;
    }
    return out as T;
  });
}
