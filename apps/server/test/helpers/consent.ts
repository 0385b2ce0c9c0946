import type { FastifyInstance } from 'fastify';
import { bearer } from './build';

/** Gives the recording consent a recorded interview for the job needs before the socket starts it. */
export async function consentTo(app: FastifyInstance, token: string, jobId: string) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/consents',
    headers: bearer(token),
    payload: { purpose: 'interview_recording', job_id: jobId },
  });
  if (res.statusCode !== 201) throw new Error(`consent failed: ${res.statusCode} ${res.body}`);
  return res.json();
}
