/** Query keys of a candidate's earnings; `all` refreshes the summary and the transactions. */
export const earningsKeys = {
  all: ['earnings'] as const,
  summary: (userId: string) => [...earningsKeys.all, userId, 'summary'] as const,
  transactions: (userId: string) => [...earningsKeys.all, userId, 'transactions'] as const,
};
