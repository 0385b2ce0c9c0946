import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CandidateBalance, Page, Payout, PayoutHistoryItem } from '@app/shared';
import { API_BASE, apiRequest } from '../../../../lib/api-client';
import { authStorage } from '../../../../lib/auth-storage';
import { adminKeys, qs, useListQuery, type PageParams } from '../../../../api/admin/query';
import { saveResponseAsFile } from '../../../../lib/download';

/** Under 'admin', so the console's one invalidation refreshes these too. */
const payoutKeys = {
  balances: (p: object) => ['admin', 'balances', p] as const,
  payouts: (p: object) => ['admin', 'payouts', p] as const,
};

export type BalanceParams = PageParams & { q?: string; only_available?: 'true' };

/** GET /api/admin/balances */
export const listBalances = (p: BalanceParams) => apiRequest<Page<CandidateBalance>>(`/admin/balances${qs(p)}`);
export const useBalances = (p: BalanceParams) => useListQuery(payoutKeys.balances(p), () => listBalances(p));

/** GET /api/admin/payouts */
export const listPayouts = (p: PageParams) => apiRequest<Page<PayoutHistoryItem>>(`/admin/payouts${qs(p)}`);
export const usePayouts = (p: PageParams) => useListQuery(payoutKeys.payouts(p), () => listPayouts(p));

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
