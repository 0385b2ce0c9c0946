import { useQuery } from '@tanstack/react-query';
import type { PublishedBiasAudit } from '@app/shared';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/public/bias-audit: the published summaries (no sign-in). */
export const usePublishedBiasAudits = () =>
  useQuery({
    queryKey: ['public-bias-audit'],
    queryFn: () => apiRequest<PublishedBiasAudit[]>('/public/bias-audit', { auth: false }),
  });
