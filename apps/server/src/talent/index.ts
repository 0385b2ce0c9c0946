/** The talent domain's face: the only file of talent/ that other folders import. */
export { default as adminTalentRoutes } from './admin-routes';
export { default as adminCandidatesRoutes } from './candidates-routes';
