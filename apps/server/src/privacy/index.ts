/** The privacy domain's face: the only file of privacy/ that other folders import. */
export { default as accessLogPlugin } from './access-log-plugin';
export { default as adminAccessLogRoutes } from './admin-routes';
export { registerRetentionJob, scheduleRetention } from './retention-job';
export { default as accountRoutes } from './routes';
