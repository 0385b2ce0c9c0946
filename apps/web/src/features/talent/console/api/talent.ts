import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SavedSearch, ShortlistEntry, TALENT_SEARCH_FILTERS, TalentSearchReply } from '@app/shared';
import { apiRequest } from '../../../../lib/api-client';
import { qs } from '../../../../api/admin/query';

/** The search's filters as they stand in the address bar and in a saved search. */
export type TalentFilters = Partial<Record<(typeof TALENT_SEARCH_FILTERS)[number], string>>;

/** Only the filters that were set: an empty one is no filter, and is neither sent nor saved (issue 32). */
export const setFilters = (f: TalentFilters): TalentFilters =>
  Object.fromEntries(Object.entries(f).filter(([, value]) => value?.trim())) as TalentFilters;

export const talentKeys = {
  search: (f: TalentFilters) => ['admin', 'talent', 'search', f] as const,
  saved: ['admin', 'talent', 'saved'] as const,
  shortlist: (jobId: string) => ['admin', 'talent', 'shortlist', jobId] as const,
};

/** GET /api/admin/talent, page after page (the cursor of the last page fetches the next). */
export const searchTalent = (f: TalentFilters, cursor?: string) =>
  apiRequest<TalentSearchReply>(`/admin/talent${qs({ ...f, limit: 20, cursor })}`);
export const useTalentSearch = (f: TalentFilters) =>
  useInfiniteQuery({
    queryKey: talentKeys.search(f),
    queryFn: ({ pageParam }) => searchTalent(f, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
  });

/** GET/POST /api/admin/talent/saved-searches, POST .../{id}/open, DELETE .../{id} */
export const useSavedSearches = () =>
  useQuery({ queryKey: talentKeys.saved, queryFn: () => apiRequest<SavedSearch[]>('/admin/talent/saved-searches') });
export function useSavedSearchActions() {
  const qc = useQueryClient();
  const refresh = () => qc.invalidateQueries({ queryKey: talentKeys.saved });
  return {
    save: useMutation({
      mutationFn: ({ name, params }: { name: string; params: TalentFilters }) =>
        apiRequest<SavedSearch>('/admin/talent/saved-searches', {
          method: 'POST',
          body: { name, params: setFilters(params) },
        }),
      onSuccess: refresh,
    }),
    open: useMutation({
      mutationFn: (id: string) =>
        apiRequest<SavedSearch>(`/admin/talent/saved-searches/${id}/open`, { method: 'POST' }),
      onSuccess: refresh,
    }),
    remove: useMutation({
      mutationFn: (id: string) => apiRequest<void>(`/admin/talent/saved-searches/${id}`, { method: 'DELETE' }),
      onSuccess: refresh,
    }),
  };
}

/** GET/POST /api/admin/jobs/{id}/shortlist, POST .../{candidateId}/invite, DELETE .../{candidateId} */
export const useShortlist = (jobId: string) =>
  useQuery({
    queryKey: talentKeys.shortlist(jobId),
    queryFn: () => apiRequest<ShortlistEntry[]>(`/admin/jobs/${jobId}/shortlist`),
    enabled: Boolean(jobId),
  });
export function useShortlistActions(jobId: string) {
  const qc = useQueryClient();
  const refresh = () => qc.invalidateQueries({ queryKey: talentKeys.shortlist(jobId) });
  return {
    add: useMutation({
      mutationFn: (candidateId: string) =>
        apiRequest<ShortlistEntry>(`/admin/jobs/${jobId}/shortlist`, {
          method: 'POST',
          body: { candidate_id: candidateId },
        }),
      onSuccess: refresh,
    }),
    invite: useMutation({
      mutationFn: (candidateId: string) =>
        apiRequest<ShortlistEntry>(`/admin/jobs/${jobId}/shortlist/${candidateId}/invite`, { method: 'POST' }),
      onSuccess: refresh,
    }),
    remove: useMutation({
      mutationFn: (candidateId: string) =>
        apiRequest<void>(`/admin/jobs/${jobId}/shortlist/${candidateId}`, { method: 'DELETE' }),
      onSuccess: refresh,
    }),
  };
}
