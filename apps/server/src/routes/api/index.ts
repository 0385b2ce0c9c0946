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
import adminPayoutsRoutes from './admin/payouts';
import uploadVideoRoutes from './interviews/upload-video';
import interviewTranscriptRoutes from './interviews/transcript';
import adminListingsRoutes from './admin/listings';
import adminCandidatesRoutes from './admin/candidates';
import accountRoutes from './account';
import adminAccessLogRoutes from './admin/access-log';

/** Every /api route group. Each group is an encapsulated plugin with its own hooks. */
export async function registerApiRoutes(api: FastifyInstance) {
  await api.register(healthRoutes);
  await api.register(authRoutes);
  await api.register(profileRoutes);
  await api.register(accountRoutes);
  await api.register(jobsRoutes);
  await api.register(filesRoutes);
  await api.register(interviewsRoutes);
  await api.register(annotationsRoutes);
  await api.register(earningsRoutes);
  await api.register(uploadVideoRoutes);
  await api.register(interviewTranscriptRoutes);
  // The provider's routes: admin-only, checked on request (before the body is parsed or validated),
  // so a candidate gets 403, never a 422 describing an admin payload.
  await api.register(async (admin) => {
    admin.addHook('onRequest', admin.requireAdmin);
    await admin.register(adminJobsRoutes);
    await admin.register(adminInterviewsRoutes);
    await admin.register(adminTasksRoutes);
    await admin.register(adminPayoutsRoutes);
    await admin.register(adminListingsRoutes);
    await admin.register(adminCandidatesRoutes);
    await admin.register(adminAccessLogRoutes);
  });
}
