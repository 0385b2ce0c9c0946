/**
 * Read-only lists for the provider console: paginated, filtered, with the counts each screen needs.
 * Writes (decisions, tasks, payouts) live in their own services.
 */
export * from './jobs-interviews';
export * from './candidates';
export * from './tasks';
export * from './payouts';
