/** The jobs domain's face: the only file of jobs/ that other folders import. */
export { default as adminJobsRoutes } from './admin-routes';
export { invalidateJobsCache } from './job-cache';
export { listAdminJobs } from './job-listing';
export { default as jobsRoutes } from './routes';
export { seedSampleJobs } from './sample-jobs';
export { workSamplePoolSize } from './jobs';
