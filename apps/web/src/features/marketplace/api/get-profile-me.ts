import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ProfileMe } from '@app/shared';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/profile/me: resume_url and work_authorization for the checklist, skills for Job Fit. */
export const getProfileMe = () => apiRequest<ProfileMe>('/profile/me');

export const profileMeQueryOptions = () => queryOptions({ queryKey: ['profile', 'me'], queryFn: getProfileMe });

export const useProfileMe = () => useQuery(profileMeQueryOptions());
