import { queryOptions, useQuery } from '@tanstack/react-query';
import type { LatestInterview } from '@app/shared';
import { apiRequest } from '../../lib/api-client';
import { interviewKeys } from './keys';

/**
 * GET /api/profile/interview-status: the candidate's latest interview, or null. A failure is logged
 * and reads as null: the status page only falls back to it (docs/product/screens/status.md).
 */
export async function getLatestInterview(): Promise<LatestInterview> {
  try {
    return await apiRequest<LatestInterview>('/profile/interview-status');
  } catch (err) {
    console.warn('Failed to fetch interview status', err);
    return null;
  }
}

export const latestInterviewQueryOptions = () =>
  queryOptions({ queryKey: interviewKeys.latest(), queryFn: getLatestInterview });

export const useLatestInterview = (enabled = true) => useQuery({ ...latestInterviewQueryOptions(), enabled });
