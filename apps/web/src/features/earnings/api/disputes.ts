import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Dispute } from '@app/shared';
import { earningsKeys } from '../../../api/earnings/keys';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/disputes: the signed-in rater's disputes, with their status. */
export const listDisputes = () => apiRequest<Dispute[]>('/disputes');
export const useDisputes = () => useQuery({ queryKey: earningsKeys.disputes(), queryFn: listDisputes });

/** POST /api/disputes { task_id, reason } */
export const createDispute = (body: { task_id: string; reason: string }) =>
  apiRequest<Dispute>('/disputes', { method: 'POST', body });

export function useCreateDispute() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: createDispute,
    onSuccess: () => qc.invalidateQueries({ queryKey: earningsKeys.disputes() }),
  });
}
