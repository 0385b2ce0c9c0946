import type { FastifyInstance } from 'fastify';
import healthRoutes, { adminHealthRoutes } from './health-routes';
import { authRoutes, profileRoutes, filesRoutes, adminApiKeysRoutes } from '../accounts';
import { jobsRoutes, adminJobsRoutes } from '../jobs';
import { interviewsRoutes, uploadVideoRoutes, recordingChunkRoutes, debriefRoutes } from '../interview';
import { annotationsRoutes, adminTasksRoutes, adminQualityRoutes } from '../quality';
import {
  earningsRoutes,
  adminPayoutsRoutes,
  payoutRequestRoutes,
  disputeRoutes,
  adminPayoutBatchRoutes,
  adminDisputeRoutes,
  onboardingRoutes,
  taxProfileRoutes,
  payoutMethodRoutes,
  adminOnboardingRoutes,
} from '../money';
import {
  adminInterviewsRoutes,
  interviewTranscriptRoutes,
  adminOversightRoutes,
  adminAppealsRoutes,
  adminPacketRoutes,
  interviewAppealRoutes,
  aiHiringCandidateRoutes,
  publicBiasAuditRoutes,
  adminAiHiringRoutes,
} from '../compliance';
import adminListingsRoutes from './console-listings-routes';
import { adminCandidatesRoutes, adminTalentRoutes } from '../talent';
import { accountRoutes, adminAccessLogRoutes } from '../privacy';
import {
  adminCampaignRoutes,
  adminFunnelRoutes,
  campaignRoutes,
  campaignSweepTestHookRoutes,
  candidateFunnelRoutes,
} from '../campaigns';
import { adminWebhooksRoutes, greenhouseRoutes } from '../integrations';

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
  campaignRoutes,
  candidateFunnelRoutes,
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
  adminPacketRoutes,
  adminPayoutBatchRoutes,
  adminDisputeRoutes,
  adminOnboardingRoutes,
  adminAiHiringRoutes,
  adminHealthRoutes,
  adminCampaignRoutes,
  adminFunnelRoutes,
  // Registers nothing unless CAMPAIGN_SWEEP_TEST_HOOK is on outside production.
  campaignSweepTestHookRoutes,
  adminWebhooksRoutes,
  adminApiKeysRoutes,
  // Greenhouse calls these with a provider's API key (an admin's authority, scoped).
  greenhouseRoutes,
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
