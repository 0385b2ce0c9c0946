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
import interviewTranscriptRoutes from '../../interview/transcript-routes';
import adminListingsRoutes from './admin/listings';
import adminCandidatesRoutes from './admin/candidates';

/** Every /api route group. Each group is an encapsulated plugin with its own hooks. */
export async function registerApiRoutes(api: FastifyInstance) {
  // Every /api/admin route is admin-only, checked before the body is parsed or validated, so a
  // candidate gets 403 (never a 422 describing an admin payload). The routes also guard themselves.
  const ADMIN_PREFIX = '/api/admin/';
  api.addHook('onRequest', async (request, reply) => {
    if (request.url.startsWith(ADMIN_PREFIX)) await api.requireAdmin(request, reply);
  });
  await api.register(healthRoutes);
  await api.register(authRoutes);
  await api.register(profileRoutes);
  await api.register(jobsRoutes);
  await api.register(adminJobsRoutes);
  await api.register(filesRoutes);
  await api.register(interviewsRoutes);
  await api.register(annotationsRoutes);
  await api.register(earningsRoutes);
  await api.register(adminInterviewsRoutes);
  await api.register(adminTasksRoutes);
  await api.register(adminPayoutsRoutes);
  await api.register(uploadVideoRoutes);
  await api.register(interviewTranscriptRoutes);
  await api.register(adminListingsRoutes);
  await api.register(adminCandidatesRoutes);
}
