import { queryOptions, useQuery } from '@tanstack/react-query';
import type { EarningsSummary } from '@app/shared';
import { earningsKeys } from '../../../api/earnings/keys';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/earnings/user/{userId}/summary */
export const getEarningsSummary = (userId: string) =>
  apiRequest<EarningsSummary>(`/earnings/user/${encodeURIComponent(userId)}/summary`);

export const earningsSummaryQueryOptions = (userId: string) =>
  queryOptions({ queryKey: earningsKeys.summary(userId), queryFn: () => getEarningsSummary(userId) });

export const useEarningsSummary = (userId: string | undefined) =>
  useQuery({ ...earningsSummaryQueryOptions(userId ?? ''), enabled: Boolean(userId) });
