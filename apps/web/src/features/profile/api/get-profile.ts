import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ProfileMe } from '@app/shared';
import { apiRequest } from '../../../lib/api-client';

export const getProfile = () => apiRequest<ProfileMe>('/profile/me');

export const profileQueryKey = ['profile', 'me'] as const;
export const profileQueryOptions = () => queryOptions({ queryKey: profileQueryKey, queryFn: getProfile });

export const useProfile = () => useQuery(profileQueryOptions());
