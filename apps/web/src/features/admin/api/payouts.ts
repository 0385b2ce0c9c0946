import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CandidateBalance, Page, Payout, PayoutHistoryItem } from '@app/shared';
import { API_BASE, apiRequest } from '../../../lib/api-client';
import { authStorage } from '../../../lib/auth-storage';
import { adminKeys, qs } from './query';
import { saveResponseAsFile } from '../../../lib/download';

export type BalanceParams = { q?: string; only_available?: 'true'; page: number; page_size?: number };

/** GET /api/admin/balances */
export const listBalances = (p: BalanceParams) => apiRequest<Page<CandidateBalance>>(`/admin/balances${qs(p)}`);
export const useBalances = (p: BalanceParams) =>
  useQuery({ queryKey: adminKeys.balances(p), queryFn: () => listBalances(p), placeholderData: (prev) => prev });

/** GET /api/admin/payouts */
export const listPayouts = (p: { page: number; page_size?: number }) =>
  apiRequest<Page<PayoutHistoryItem>>(`/admin/payouts${qs(p)}`);
export const usePayouts = (p: { page: number; page_size?: number }) =>
  useQuery({ queryKey: adminKeys.payouts(p), queryFn: () => listPayouts(p), placeholderData: (prev) => prev });

/** POST /api/admin/payouts: everyone's available balance, or one candidate's. */
export const createPayout = (userId?: string) =>
  apiRequest<Payout>('/admin/payouts', { method: 'POST', body: userId ? { user_id: userId } : {} });
export function useCreatePayout() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (userId?: string) => createPayout(userId),
    onSettled: () => qc.invalidateQueries({ queryKey: adminKeys.all }),
  });
}

/**
 * GET /api/admin/payouts/{id}/export.csv needs the bearer token, so a plain link cannot fetch it:
 * download it here and hand the browser a blob to save under the server's file name.
 */
export async function downloadPayoutCsv(id: string) {
  const res = await fetch(`${API_BASE}/admin/payouts/${id}/export.csv`, {
    headers: { authorization: `Bearer ${authStorage.get() ?? ''}` },
  });
  if (!res.ok) throw new Error(`Export failed (HTTP ${res.status})`);
  await saveResponseAsFile(res, `payout-${id}.csv`);
}
