import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BankFileFormat, Dispute, PayoutBatch, PayoutBatchItem, PayoutBatchSummary } from '@app/shared';
import { API_BASE, apiRequest } from '../../../../lib/api-client';
import { authStorage } from '../../../../lib/auth-storage';
import { saveResponseAsFile } from '../../../../lib/download';

export type { BankFileFormat };
export type DisputeOutcome = 'upheld' | 'overturned';

/** Keys under 'admin', so the console's one invalidation refreshes these too. */
export const batchKeys = {
  list: ['admin', 'payout-batches'] as const,
  one: (id: string) => ['admin', 'payout-batches', id] as const,
  disputes: (status: string) => ['admin', 'disputes', status] as const,
};

/** GET /api/admin/payout-batches */
export const usePayoutBatches = () =>
  useQuery({ queryKey: batchKeys.list, queryFn: () => apiRequest<PayoutBatchSummary[]>('/admin/payout-batches') });

/** GET /api/admin/payout-batches/{id} */
export const usePayoutBatch = (id: string | null) =>
  useQuery({
    queryKey: batchKeys.one(id ?? ''),
    queryFn: () => apiRequest<PayoutBatch>(`/admin/payout-batches/${id}`),
    enabled: !!id,
  });

/** POST /api/admin/payout-batches: every open request that can be paid now (409 when none). */
export function useBuildBatch() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<PayoutBatch>('/admin/payout-batches', { method: 'POST' }),
    onSuccess: (batch) => {
      qc.setQueryData(batchKeys.one(batch.id), batch);
      void qc.invalidateQueries({ queryKey: batchKeys.list });
    },
  });
}

type Settle = { batchId: string; requestId: string } & ({ outcome: 'paid' } | { outcome: 'failed'; reason: string });

/** POST .../items/{request_id}/paid or .../failed { reason }: the bank's answer for one item. */
export function useSettleItem() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (s: Settle) =>
      apiRequest<PayoutBatchItem>(`/admin/payout-batches/${s.batchId}/items/${s.requestId}/${s.outcome}`, {
        method: 'POST',
        body: s.outcome === 'failed' ? { reason: s.reason } : {},
      }),
    onSettled: (_item, _err, s) => {
      void qc.invalidateQueries({ queryKey: batchKeys.one(s.batchId) });
      void qc.invalidateQueries({ queryKey: batchKeys.list });
    },
  });
}

/** GET .../file?format= needs the bearer token, so it is fetched here and handed to the browser as a blob. */
export async function downloadBankFile(id: string, format: BankFileFormat) {
  const res = await fetch(`${API_BASE}/admin/payout-batches/${id}/file?format=${encodeURIComponent(format)}`, {
    headers: { authorization: `Bearer ${authStorage.get() ?? ''}` },
  });
  if (!res.ok) {
    const detail = await res
      .json()
      .then((b: { detail?: unknown }) => (typeof b.detail === 'string' ? b.detail : null))
      .catch(() => null);
    throw new Error(detail ?? `Download failed (HTTP ${res.status})`);
  }
  await saveResponseAsFile(res, `payout-batch-${id}.${format === 'nacha' ? 'ach' : 'xml'}`);
}

/** GET /api/admin/disputes?status= */
export const useDisputes = (status: string) =>
  useQuery({
    queryKey: batchKeys.disputes(status),
    queryFn: () => apiRequest<Dispute[]>(`/admin/disputes${status ? `?status=${encodeURIComponent(status)}` : ''}`),
  });

/** POST /api/admin/disputes/{id}/resolve { outcome, reason } */
export function useResolveDispute() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (r: { id: string; outcome: DisputeOutcome; reason: string }) =>
      apiRequest<Dispute>(`/admin/disputes/${r.id}/resolve`, {
        method: 'POST',
        body: { outcome: r.outcome, reason: r.reason },
      }),
    onSettled: () => qc.invalidateQueries({ queryKey: ['admin', 'disputes'] }),
  });
}
