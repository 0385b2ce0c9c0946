import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AiNotice } from '@app/shared';
import { apiRequest } from '../../../lib/api-client';

type OwnAlternative = { id: string; status: 'requested' | 'resolved'; created_at: string } | null;

/** GET /api/jobs/{id}/ai-notice: what the AI does in this job's interview. */
export const useAiNotice = (jobId: string | null) =>
  useQuery({
    queryKey: ['ai-notice', jobId],
    queryFn: () => apiRequest<AiNotice>(`/jobs/${jobId}/ai-notice`),
    enabled: Boolean(jobId),
  });

/** GET /api/jobs/{id}/alternative-assessment: the candidate's own request, or null. */
export const useOwnAlternative = (jobId: string | null) =>
  useQuery({
    queryKey: ['alternative-assessment', jobId],
    queryFn: () => apiRequest<OwnAlternative>(`/jobs/${jobId}/alternative-assessment`),
    enabled: Boolean(jobId),
  });

/** POST /api/jobs/{id}/alternative-assessment { reason }. */
export function useRequestAlternative(jobId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (reason: string) =>
      apiRequest<{ id: string; status: string }>(`/jobs/${jobId}/alternative-assessment`, { body: { reason } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['alternative-assessment', jobId] }),
  });
}

/** Acknowledges the notice: the ai_assessment consent for the job (versioned on the server). */
export const acknowledgeAiNotice = (jobId: string) =>
  apiRequest('/consents', { body: { purpose: 'ai_assessment', job_id: jobId } });
