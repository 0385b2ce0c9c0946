import { queryOptions, useQuery } from '@tanstack/react-query';
import type { EarningsTransaction } from '@app/shared';
import { earningsKeys } from '../../../api/earnings/keys';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/earnings/user/{userId}/transactions */
export const getEarningsTransactions = (userId: string) =>
  apiRequest<EarningsTransaction[]>(`/earnings/user/${encodeURIComponent(userId)}/transactions`);

export const earningsTransactionsQueryOptions = (userId: string) =>
  queryOptions({ queryKey: earningsKeys.transactions(userId), queryFn: () => getEarningsTransactions(userId) });

export const useEarningsTransactions = (userId: string | undefined) =>
  useQuery({ ...earningsTransactionsQueryOptions(userId ?? ''), enabled: Boolean(userId) });
