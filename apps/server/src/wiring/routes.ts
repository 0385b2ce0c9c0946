import type { FastifyInstance } from 'fastify';
import healthRoutes from './health-routes';
import authRoutes from '../accounts/routes/auth';
import profileRoutes from '../accounts/routes/profile';
import jobsRoutes from '../jobs/routes';
import adminJobsRoutes from '../jobs/admin-routes';
import filesRoutes from '../accounts/routes/files';
import interviewsRoutes from '../interview/routes';
import annotationsRoutes from '../quality/routes';
import earningsRoutes from '../money/routes/earnings';
import adminInterviewsRoutes from '../compliance/routes/admin-interviews';
import adminTasksRoutes from '../quality/admin-tasks-routes';
import adminQualityRoutes from '../quality/admin-routes';
import adminPayoutsRoutes from '../money/routes/admin-payouts';
import uploadVideoRoutes from '../interview/routes/upload-video';
import recordingChunkRoutes from '../interview/routes/recording-chunks';
import interviewTranscriptRoutes from '../compliance/routes/transcript';
import debriefRoutes from '../interview/routes/debrief';
import adminListingsRoutes from './console-listings-routes';
import adminCandidatesRoutes from '../talent/candidates-routes';
import accountRoutes from '../privacy/routes';
import adminAccessLogRoutes from '../privacy/admin-routes';
import adminTalentRoutes from '../talent/admin-routes';
import adminOversightRoutes from '../compliance/routes/admin-oversight';
import adminAppealsRoutes from '../compliance/routes/admin-appeals';
import interviewAppealRoutes from '../compliance/routes/appeal';
import payoutRequestRoutes from '../money/routes/payout-requests';
import disputeRoutes from '../money/routes/disputes';
import adminPayoutBatchRoutes from '../money/routes/admin-payout-batches';
import adminDisputeRoutes from '../money/routes/admin-disputes';
import onboardingRoutes from '../money/routes/onboarding';
import taxProfileRoutes from '../money/routes/onboarding/tax-profile';
import payoutMethodRoutes from '../money/routes/onboarding/payout-method';
import adminOnboardingRoutes from '../money/routes/admin-onboarding';
import aiHiringCandidateRoutes from '../compliance/routes/candidate';
import publicBiasAuditRoutes from '../compliance/routes/public';
import adminAiHiringRoutes from '../compliance/routes/admin';

/** Route groups anyone may reach; each checks its own session or ownership. */
const openGroups = [
  healthRoutes,
  authRoutes,
  profileRoutes,
  accountRoutes,
  jobsRoutes,
  filesRoutes,
  interviewsRoutes,
  annotationsRoutes,
  earningsRoutes,
  uploadVideoRoutes,
  recordingChunkRoutes,
  interviewTranscriptRoutes,
  debriefRoutes,
  interviewAppealRoutes,
  payoutRequestRoutes,
  disputeRoutes,
  onboardingRoutes,
  taxProfileRoutes,
  payoutMethodRoutes,
  aiHiringCandidateRoutes,
  publicBiasAuditRoutes,
];

/** The provider's route groups. */
const adminGroups = [
  adminJobsRoutes,
  adminInterviewsRoutes,
  adminTasksRoutes,
  adminQualityRoutes,
  adminPayoutsRoutes,
  adminListingsRoutes,
  adminCandidatesRoutes,
  adminAccessLogRoutes,
  adminTalentRoutes,
  adminOversightRoutes,
  adminAppealsRoutes,
  adminPayoutBatchRoutes,
  adminDisputeRoutes,
  adminOnboardingRoutes,
  adminAiHiringRoutes,
];

/** Every /api route group. Each group is an encapsulated plugin with its own hooks. */
export async function registerApiRoutes(api: FastifyInstance) {
  for (const group of openGroups) await api.register(group);
  // The provider's routes: admin-only, checked on request (before the body is parsed or validated),
  // so a candidate gets 403, never a 422 describing an admin payload.
  await api.register(async (admin) => {
    admin.addHook('onRequest', admin.requireAdmin);
    for (const group of adminGroups) await admin.register(group);
  });
}
