/** The quality domain's face: the only file of quality/ that other folders import. */
export { default as adminQualityRoutes } from './admin-routes';
export { default as adminTasksRoutes } from './admin-tasks-routes';
export { krippendorffAlpha } from './krippendorff';
export { acceptanceWithdrawn } from './raters';
export { default as annotationsRoutes } from './routes';
export { listAdminTasks, taskProgress } from './task-listing';
export { listTasksForUser } from './tasks';
