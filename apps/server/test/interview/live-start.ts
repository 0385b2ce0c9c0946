/**
 * A recorded live interview started the way the web app starts one: the candidate's recording
 * consent for the job, a socket, then `start` with fresh (or given) session and interview ids.
 */
import type { FastifyInstance } from 'fastify';
import { consentTo } from '../helpers/consent';
import { InterviewClient } from './ws-client';

export async function startLiveInterview(
  app: FastifyInstance,
  socketUrl: string,
  token: string,
  jobId: string,
  ids: { sessionId?: string; interviewId?: string } = {},
) {
  const sessionId = ids.sessionId ?? crypto.randomUUID();
  const interviewId = ids.interviewId ?? crypto.randomUUID();
  await consentTo(app, token, jobId);
  const client = await InterviewClient.connect(`${socketUrl}?token=${token}`);
  client.send({
    event: 'start',
    session_id: sessionId,
    interview_id: interviewId,
    job_id: jobId,
    candidate_id: 'ignored',
    candidate_name: 'Sam Lee',
  });
  return { client, sessionId, interviewId };
}
