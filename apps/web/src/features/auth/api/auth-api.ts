import type { AuthReply, ProfileMe } from '@app/shared';
import { apiRequest } from '../../../lib/api-client';

export const login = (email: string, password: string) =>
  apiRequest<AuthReply>('/auth/login', { body: { email, password }, auth: false });

export const register = (email: string, password: string) =>
  apiRequest<AuthReply>('/auth/register', { body: { email, password }, auth: false });

export const getProfileMe = () => apiRequest<ProfileMe>('/profile/me');

/** The candidate's latest interview, or null (spec: failures are logged and give null). */
export type InterviewStatus = { id: string; job_id: string | null; status: string } & Record<string, unknown>;
export async function getInterviewStatus(): Promise<InterviewStatus | null> {
  try {
    return await apiRequest<InterviewStatus | null>('/profile/interview-status');
  } catch (err) {
    console.warn('Failed to fetch interview status', err);
    return null;
  }
}
