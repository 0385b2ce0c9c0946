/** Query keys of a candidate's earnings; `all` refreshes the summary and the transactions. */
export const earningsKeys = {
  all: ['earnings'] as const,
  summary: (userId: string) => [...earningsKeys.all, userId, 'summary'] as const,
  transactions: (userId: string) => [...earningsKeys.all, userId, 'transactions'] as const,
  payouts: (userId: string) => [...earningsKeys.all, userId, 'payouts'] as const,
  disputes: () => [...earningsKeys.all, 'disputes'] as const,
  payoutRequests: () => [...earningsKeys.all, 'payout-requests'] as const,
};
