import type { FastifyInstance } from 'fastify';
import healthRoutes from './health';
import authRoutes from './auth';
import profileRoutes from './profile';
import jobsRoutes from './jobs';
import adminJobsRoutes from './admin/jobs';

/** Every /api route group. Each group is an encapsulated plugin with its own hooks. */
export async function registerApiRoutes(api: FastifyInstance) {
  await api.register(healthRoutes);
  await api.register(authRoutes);
  await api.register(profileRoutes);
  await api.register(jobsRoutes);
  await api.register(adminJobsRoutes);
}
