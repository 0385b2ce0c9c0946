import type { FastifyInstance } from 'fastify';
import { bearer } from './build';

/**
 * Gives the consents a recorded interview for the job needs before the socket starts it: the recording
 * consent and the acknowledged AI notice (issue 35). Answers the recording consent.
 */
export async function consentTo(app: FastifyInstance, token: string, jobId: string) {
  const ai = await giveConsent(app, token, jobId, 'ai_assessment');
  if (ai.statusCode !== 201) throw new Error(`consent failed: ${ai.statusCode} ${ai.body}`);
  const res = await giveConsent(app, token, jobId, 'interview_recording');
  if (res.statusCode !== 201) throw new Error(`consent failed: ${res.statusCode} ${res.body}`);
  return res.json();
}

/** POST /api/consents for one purpose. */
export const giveConsent = (app: FastifyInstance, token: string, jobId: string, purpose: string) =>
  app.inject({ method: 'POST', url: '/api/consents', headers: bearer(token), payload: { purpose, job_id: jobId } });
