import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PayoutRequestReply } from '@app/shared';
import { earningsKeys } from '../../../api/earnings/keys';
import { apiRequest } from '../../../lib/api-client';

/** POST /api/payout-requests; the key makes a retried press the same request, not a second one. */
export const postPayoutRequest = (idempotencyKey: string) =>
  apiRequest<PayoutRequestReply>('/payout-requests', {
    method: 'POST',
    body: {},
    headers: { 'idempotency-key': idempotencyKey },
  });

export function useRequestPayout() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (idempotencyKey: string) => postPayoutRequest(idempotencyKey),
    onSuccess: () => qc.invalidateQueries({ queryKey: earningsKeys.all }),
  });
}
