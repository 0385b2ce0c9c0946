/**
 * Read-only lists for the provider console: paginated, filtered, with the counts each screen needs.
 * Writes (decisions, tasks, payouts) live in their own services.
 */
export * from '../compliance/interview-listing';
export * from '../talent/candidate-listing';
export * from '../quality/task-listing';
export * from '../money/payout-listing';
