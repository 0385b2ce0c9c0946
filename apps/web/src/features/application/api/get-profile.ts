import { useQuery } from '@tanstack/react-query';
import type { ProfileMe } from '@app/shared';
import { apiRequest } from '../../../lib/api-client';

export const getProfile = () => apiRequest<ProfileMe>('/profile/me');
export const useProfile = () => useQuery({ queryKey: ['profile', 'me'], queryFn: getProfile });
