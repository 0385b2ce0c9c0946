import { useQuery } from '@tanstack/react-query';
import type { Funnel, JobSatisfaction } from '@app/shared';
import { apiRequest } from '../../../../lib/api-client';
import { downloadWithToken } from '../../../../lib/download';

const funnelPath = (jobId: string, campaignId: string | null, csv = false) => {
  const q = new URLSearchParams();
  if (campaignId) q.set('campaign_id', campaignId);
  if (csv) q.set('format', 'csv');
  const s = q.toString();
  return `/admin/jobs/${jobId}/funnel${s ? `?${s}` : ''}`;
};

/** Keys under 'admin', so the console's one invalidation refreshes these too. */
export const funnelKeys = {
  funnel: (jobId: string, campaignId: string | null) => ['admin', 'funnel', jobId, campaignId] as const,
  satisfaction: (jobId: string) => ['admin', 'satisfaction', jobId] as const,
};

/** GET /api/admin/jobs/{id}/funnel[?campaign_id=] */
export const useFunnel = (jobId: string, campaignId: string | null) =>
  useQuery({
    queryKey: funnelKeys.funnel(jobId, campaignId),
    queryFn: () => apiRequest<Funnel>(funnelPath(jobId, campaignId)),
  });

/** GET /api/admin/jobs/{id}/satisfaction */
export const useJobSatisfaction = (jobId: string) =>
  useQuery({
    queryKey: funnelKeys.satisfaction(jobId),
    queryFn: () => apiRequest<JobSatisfaction>(`/admin/jobs/${jobId}/satisfaction`),
  });

/** The same funnel as a CSV file (a plain link could not send the bearer token). */
export const downloadFunnelCsv = (jobId: string, campaignId: string | null) =>
  downloadWithToken(funnelPath(jobId, campaignId, true), `funnel-${jobId}.csv`);
