import { useQuery } from '@tanstack/react-query';
import type { PayoutRequestReply } from '@app/shared';
import { earningsKeys } from '../../../api/earnings/keys';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/payout-requests: the signed-in payee's requests, newest first, with a failure's reason. */
export const listPayoutRequests = () => apiRequest<PayoutRequestReply[]>('/payout-requests');
export const usePayoutRequests = () =>
  useQuery({ queryKey: earningsKeys.payoutRequests(), queryFn: listPayoutRequests });
