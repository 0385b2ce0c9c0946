import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminAlternative, BiasAudit, PublishedBiasAudit } from '@app/shared';
import { apiRequest } from '../../../../lib/api-client';
import { qs } from '../../../../api/admin/query';

export type AuditParams = { job_id?: string; from?: string; to?: string };

/** GET /api/admin/bias-audit */
export const useBiasAudit = (p: AuditParams) =>
  useQuery({
    queryKey: ['admin', 'bias-audit', p],
    queryFn: () => apiRequest<BiasAudit>(`/admin/bias-audit${qs(p)}`),
  });

/** POST /api/admin/bias-audit/publish */
export function usePublishBiasAudit() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: { job_id?: string; auditor: string; audit_date: string }) =>
      apiRequest<PublishedBiasAudit>('/admin/bias-audit/publish', { body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['public-bias-audit'] }),
  });
}

/** GET /api/admin/alternative-assessments */
export const useAlternatives = (status?: 'requested' | 'resolved') =>
  useQuery({
    queryKey: ['admin', 'alternatives', status ?? 'all'],
    queryFn: () => apiRequest<AdminAlternative[]>(`/admin/alternative-assessments${qs({ status })}`),
  });

/** POST /api/admin/alternative-assessments/{id}/resolve { note } */
export function useResolveAlternative() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, note }: { id: string; note: string }) =>
      apiRequest<AdminAlternative>(`/admin/alternative-assessments/${id}/resolve`, { body: { note } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['admin', 'alternatives'] }),
  });
}
