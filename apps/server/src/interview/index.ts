/** The interview domain's face: the only file of interview/ that other folders import. */
export { registerAbandonedInterviewsJob, scheduleAbandonedSweep } from './abandoned-job';
export { findAlternative, humanOnlyAssessment } from './assessment/human-only';
export { registerAssessmentJob } from './assessment/job';
export { queueCarefulPass, registerCarefulTranscriptJob } from './careful/job';
export { exportPracticeDebriefs } from './debrief';
export { listIntegrityEvents, markIntegrityEvent } from './integrity';
export { createInterview, getAdminInterview, getInterviewForUser, listInterviews } from './interviews';
export { queueJoin, registerRemuxJob } from './recording/remux-job';
export { allowRetake } from './retakes';
export { default as debriefRoutes } from './routes/debrief';
export { default as interviewsRoutes } from './routes';
export { default as interviewSocketRoutes } from './routes/live-socket';
export { default as recordingChunkRoutes } from './routes/recording-chunks';
export { default as uploadVideoRoutes } from './routes/upload-video';
export { INTERVIEW_NOT_FOUND } from './rules';
export { carefulParts, listTurns, toTranscriptDto } from './store';
export { warmUpUnderstanding } from './understanding/nlp';
