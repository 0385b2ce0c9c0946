import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Explanation, InterviewTranscript } from '@app/shared';
import { apiRequest } from '../../../lib/api-client';

const keys = {
  explanation: (id: string) => ['interviews', 'explanation', id] as const,
  transcript: (id: string) => ['interviews', 'transcript', id] as const,
};

/** GET /api/interviews/{id}/explanation: after a decision, how the AI was used and until when to appeal (issue 35). */
export const useExplanation = (id: string) =>
  useQuery({
    queryKey: keys.explanation(id),
    queryFn: () => apiRequest<Explanation>(`/interviews/${encodeURIComponent(id)}/explanation`),
    retry: false,
  });

/** POST /api/interviews/{id}/appeal: once, within 30 days. */
export function useAppeal(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (reason: string) =>
      apiRequest(`/interviews/${encodeURIComponent(id)}/appeal`, { method: 'POST', body: { reason } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: keys.explanation(id) }),
  });
}

/** GET /api/interviews/{id}/transcript: the candidate's own turns, with their corrections. */
export const useOwnTranscript = (id: string, enabled: boolean) =>
  useQuery({
    queryKey: keys.transcript(id),
    queryFn: () => apiRequest<InterviewTranscript>(`/interviews/${encodeURIComponent(id)}/transcript`),
    enabled,
  });

/** POST /api/interviews/{id}/transcript-corrections: kept beside the turn; the turn's text stays as heard. */
export function useCorrectTranscript(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (corrections: { seq: number; text: string }[]) =>
      apiRequest(`/interviews/${encodeURIComponent(id)}/transcript-corrections`, {
        method: 'POST',
        body: { corrections },
      }),
    onSuccess: () => qc.invalidateQueries({ queryKey: keys.transcript(id) }),
  });
}
