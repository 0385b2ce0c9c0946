import type { FastifyInstance } from 'fastify';
import healthRoutes from './health';
import authRoutes from './auth';
import profileRoutes from './profile';
import jobsRoutes from './jobs';
import adminJobsRoutes from './admin/jobs';
import filesRoutes from './files';
import interviewsRoutes from './interviews';
import annotationsRoutes from './annotations';
import earningsRoutes from './earnings';
import adminInterviewsRoutes from './admin/interviews';
import adminTasksRoutes from './admin/tasks';
import adminQualityRoutes from './admin/quality';
import adminPayoutsRoutes from './admin/payouts';
import uploadVideoRoutes from './interviews/upload-video';
import recordingChunkRoutes from './interviews/recording-chunks';
import interviewTranscriptRoutes from './interviews/transcript';
import debriefRoutes from './interviews/debrief';
import adminListingsRoutes from './admin/listings';
import adminCandidatesRoutes from './admin/candidates';
import accountRoutes from './account';
import adminAccessLogRoutes from './admin/access-log';
import adminTalentRoutes from './admin/talent';
import adminOversightRoutes from './admin/oversight';
import adminAppealsRoutes from './admin/appeals';
import interviewAppealRoutes from './interviews/appeal';
import payoutRequestRoutes from './payout-requests';
import disputeRoutes from './disputes';
import adminPayoutBatchRoutes from './admin/payout-batches';
import adminDisputeRoutes from './admin/disputes';
import onboardingRoutes from './onboarding';
import taxProfileRoutes from './onboarding/tax-profile';
import payoutMethodRoutes from './onboarding/payout-method';
import adminOnboardingRoutes from './admin/onboarding';
import aiHiringCandidateRoutes from './ai-hiring/candidate';
import publicBiasAuditRoutes from './ai-hiring/public';
import adminAiHiringRoutes from './admin/ai-hiring';

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
