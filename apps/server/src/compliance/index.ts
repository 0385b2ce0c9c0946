/** The compliance domain's face: the only file of compliance/ that other folders import. */
export { interviewBlindHiddenSql, visibleBestScoreSql } from './blind-review-sql';
export { purgeDecisionLog } from './decision-log';
export { exportOversightRecords } from './export';
export { getAdminInterviewDetail, listAdminInterviews } from './interview-listing';
export { checkDecision, logDecision } from './override';
export { default as adminAppealsRoutes } from './routes/admin-appeals';
export { default as adminInterviewsRoutes } from './routes/admin-interviews';
export { default as adminOversightRoutes } from './routes/admin-oversight';
export { default as adminPacketRoutes } from './packet/routes';
export { default as adminAiHiringRoutes } from './routes/admin';
export { default as interviewAppealRoutes } from './routes/appeal';
export { default as aiHiringCandidateRoutes } from './routes/candidate';
export { default as publicBiasAuditRoutes } from './routes/public';
export { default as interviewTranscriptRoutes } from './routes/transcript';
export { getSelfIdentification } from './self-identification';
