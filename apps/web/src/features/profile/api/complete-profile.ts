import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProfileCompletePayload, ProfileMe } from '@app/shared';
import { apiRequest } from '../../../lib/api-client';
import { useAuth } from '../../auth/hooks/auth-context';
import { profileQueryKey } from './get-profile';

/** PUT /api/profile/complete (bearer); the reply is the updated user with the profile. */
export const completeProfile = (payload: ProfileCompletePayload) =>
  apiRequest<ProfileMe>('/profile/complete', { method: 'PUT', body: payload });

/** Saves the whole profile; the reply replaces the cached profile and the signed-in user. */
export function useSaveProfile() {
  const queryClient = useQueryClient();
  const { setUser } = useAuth();
  return useMutation({
    mutationFn: completeProfile,
    onSuccess: async (saved) => {
      const merged = { ...queryClient.getQueryData<ProfileMe>(profileQueryKey), ...saved } as ProfileMe;
      queryClient.setQueryData(profileQueryKey, merged);
      setUser(merged);
      await queryClient.invalidateQueries({ queryKey: profileQueryKey });
    },
  });
}
