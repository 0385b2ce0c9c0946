import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** POST /api/interviews/{interviewId}/complete (empty body). */
export const completeInterview = (interviewId: string) =>
  apiRequest<unknown>(`/interviews/${encodeURIComponent(interviewId)}/complete`, { method: 'POST' });

export function useCompleteInterview() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: completeInterview,
    onSuccess: () => qc.invalidateQueries({ queryKey: ['interviews'] }),
  });
}
