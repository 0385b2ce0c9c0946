import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PayoutSchedule } from '@app/shared';
import { earningsKeys } from '../../../api/earnings/keys';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/earnings/user/{userId}/payouts: the payouts table and the next payout day. */
export const getPayoutSchedule = (userId: string) =>
  apiRequest<PayoutSchedule>(`/earnings/user/${encodeURIComponent(userId)}/payouts`);

export const payoutScheduleQueryOptions = (userId: string) =>
  queryOptions({ queryKey: earningsKeys.payouts(userId), queryFn: () => getPayoutSchedule(userId) });

export const usePayoutSchedule = (userId: string | undefined) =>
  useQuery({ ...payoutScheduleQueryOptions(userId ?? ''), enabled: Boolean(userId) });
