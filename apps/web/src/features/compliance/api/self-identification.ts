import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SelfIdentification, SelfIdentificationReply } from '@app/shared';
import { apiRequest } from '../../../lib/api-client';

const key = ['self-identification'] as const;

/** GET /api/self-identification: the candidate's own answer, or null. */
export const useSelfIdentification = () =>
  useQuery({ queryKey: key, queryFn: () => apiRequest<SelfIdentificationReply>('/self-identification') });

/** PUT (save) or DELETE (remove) the candidate's own answer. */
export function useSaveSelfIdentification() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: SelfIdentification | null) =>
      input
        ? apiRequest<SelfIdentificationReply>('/self-identification', { method: 'PUT', body: input })
        : apiRequest<null>('/self-identification', { method: 'DELETE' }),
    onSuccess: (data) => qc.setQueryData(key, data ?? null),
  });
}
