import type { FastifyInstance } from 'fastify';
import healthRoutes from './health-routes';
import { authRoutes } from '../accounts';
import { profileRoutes } from '../accounts';
import { jobsRoutes } from '../jobs';
import { adminJobsRoutes } from '../jobs';
import { filesRoutes } from '../accounts';
import { interviewsRoutes } from '../interview';
import { annotationsRoutes } from '../quality';
import { earningsRoutes } from '../money';
import { adminInterviewsRoutes } from '../compliance';
import { adminTasksRoutes } from '../quality';
import { adminQualityRoutes } from '../quality';
import { adminPayoutsRoutes } from '../money';
import { uploadVideoRoutes } from '../interview';
import { recordingChunkRoutes } from '../interview';
import { interviewTranscriptRoutes } from '../compliance';
import { debriefRoutes } from '../interview';
import adminListingsRoutes from './console-listings-routes';
import { adminCandidatesRoutes } from '../talent';
import { accountRoutes } from '../privacy';
import { adminAccessLogRoutes } from '../privacy';
import { adminTalentRoutes } from '../talent';
import { adminOversightRoutes } from '../compliance';
import { adminAppealsRoutes } from '../compliance';
import { interviewAppealRoutes } from '../compliance';
import { payoutRequestRoutes } from '../money';
import { disputeRoutes } from '../money';
import { adminPayoutBatchRoutes } from '../money';
import { adminDisputeRoutes } from '../money';
import { onboardingRoutes } from '../money';
import { taxProfileRoutes } from '../money';
import { payoutMethodRoutes } from '../money';
import { adminOnboardingRoutes } from '../money';
import { aiHiringCandidateRoutes } from '../compliance';
import { publicBiasAuditRoutes } from '../compliance';
import { adminAiHiringRoutes } from '../compliance';

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
