import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

/**
 * List filters and the page live in the address bar, so a filtered list can be bookmarked and Back
 * returns to it. Changing a filter goes back to page 1.
 */
export function useSearchState<K extends string>(keys: readonly K[]) {
  const [params, setParams] = useSearchParams();
  const values = Object.fromEntries(keys.map((k) => [k, params.get(k) ?? ''])) as Record<K, string>;
  const page = Math.max(1, Number(params.get('page')) || 1);
  const set = useCallback(
    (changes: Partial<Record<K | 'page', string | number>>) => {
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          for (const [k, v] of Object.entries(changes)) {
            if (v === '' || v === undefined || (k === 'page' && v === 1)) next.delete(k);
            else next.set(k, String(v));
          }
          if (!('page' in changes)) next.delete('page');
          return next;
        },
        { replace: true },
      );
    },
    [setParams],
  );
  /** What a list's Pagination needs to show and change this page. */
  const paging = (pageSize: number) => ({
    page,
    pageSize,
    onPage: (p: number) => set({ page: p } as Partial<Record<K | 'page', number>>),
  });
  /** What a filter control needs to show and change one value. */
  const filter = (key: K) => ({
    value: values[key],
    onChange: (value: string) => set({ [key]: value } as Partial<Record<K | 'page', string>>),
  });
  return { values, page, set, paging, filter };
}
