import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminAppeal, AppealResolveRequest, OversightReport } from '@app/shared';
import { apiRequest } from '../../../../lib/api-client';
import { adminKeys, qs } from '../../../../api/admin/query';

/** GET /api/admin/oversight?job_id=: override rate, blind agreement per criterion, alerts (issue 35). */
export const getOversight = (jobId?: string) => apiRequest<OversightReport>(`/admin/oversight${qs({ job_id: jobId })}`);
export const useOversight = (jobId?: string) =>
  useQuery({ queryKey: [...adminKeys.all, 'oversight', jobId ?? 'all'], queryFn: () => getOversight(jobId) });

export type AppealStatus = 'open' | 'upheld' | 'overturned';

/** GET /api/admin/appeals */
export const useAppeals = (status?: AppealStatus) =>
  useQuery({
    queryKey: [...adminKeys.all, 'appeals', status ?? 'all'],
    queryFn: () => apiRequest<AdminAppeal[]>(`/admin/appeals${qs({ status })}`),
  });

/** POST /api/admin/appeals/{id}/resolve: overturned changes the decision and e-mails the candidate. */
export function useResolveAppeal(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: AppealResolveRequest) =>
      apiRequest<AdminAppeal>(`/admin/appeals/${id}/resolve`, { method: 'POST', body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: adminKeys.all }),
  });
}
