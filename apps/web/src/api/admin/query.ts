import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Page } from '@app/shared';

/** The paging every console list takes: 1-based page, and rows a page (the server's default when left out). */
export type PageParams = { page: number; page_size?: number };

/** Query-string builder for the console's list calls: drops empty values. */
export function qs(params: Record<string, string | number | boolean | undefined | null>): string {
  const sp = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) {
    if (v === undefined || v === null || v === '') continue;
    sp.set(k, String(v));
  }
  const s = sp.toString();
  return s ? `?${s}` : '';
}

/**
 * Every console query key starts with 'admin', so one invalidation refreshes the console. The keys of
 * the shared console resources are here; each feature keys its own console calls the same way.
 */
export const adminKeys = {
  all: ['admin'] as const,
  jobs: (p: object) => ['admin', 'jobs', p] as const,
  job: (id: string) => ['admin', 'job', id] as const,
  candidates: (p: object) => ['admin', 'candidates', p] as const,
  candidate: (id: string) => ['admin', 'candidate', id] as const,
  health: ['admin', 'health'] as const,
};

/** A console list keeps showing the page it has while the next page or filter loads. */
export const useListQuery = <T>(queryKey: readonly unknown[], fetchPage: () => Promise<Page<T>>, enabled = true) =>
  useQuery({ queryKey, queryFn: fetchPage, placeholderData: keepPreviousData, enabled });
