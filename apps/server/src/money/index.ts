/** The money domain's face: the only file of money/ that other folders import. */
export { moveMoneyToStandIn } from './deleted-payee';
export { ownDocument } from './documents';
export {
  getEarningsSummary,
  listTransactions,
  overruleAutomaticApproval,
  recordTaskEarning,
  settleTaskEarning,
  settleTaskEarnings,
} from './earnings';
export { useDataKeys, encryptSecret, decryptSecret } from './encryption';
export { exportMoneyRecords, exportOnboarding } from './export';
export { checkLedger } from './ledger';
export { lockBatches } from './payout-batches';
export { balances, listAdminTransactions, payoutCsv, payoutHistory } from './payout-listing';
export { remaskShortNumbers } from './remask';
export { default as adminDisputeRoutes } from './routes/admin-disputes';
export { default as adminOnboardingRoutes } from './routes/admin-onboarding';
export { default as adminPayoutBatchRoutes } from './routes/admin-payout-batches';
export { default as adminPayoutsRoutes } from './routes/admin-payouts';
export { default as disputeRoutes } from './routes/disputes';
export { default as earningsRoutes } from './routes/earnings';
export { default as onboardingRoutes } from './routes/onboarding';
export { default as payoutMethodRoutes } from './routes/onboarding/payout-method';
export { default as taxProfileRoutes } from './routes/onboarding/tax-profile';
export { default as payoutRequestRoutes } from './routes/payout-requests';
