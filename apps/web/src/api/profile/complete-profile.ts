import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProfileCompletePayload, ProfileMe } from '@app/shared';
import { apiRequest } from '../../lib/api-client';
import { profileKeys } from './keys';

/** PUT /api/profile/complete (bearer); the reply is the updated user with the profile. */
export const completeProfile = (payload: ProfileCompletePayload) =>
  apiRequest<ProfileMe>('/profile/complete', { method: 'PUT', body: payload });

/**
 * Saves the profile (onboarding, the application wizard and the profile screen). The reply replaces
 * the signed-in user, so every screen, the route guard included, sees the saved profile at once.
 */
export function useCompleteProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: completeProfile,
    onSuccess: (saved) => queryClient.setQueryData(profileKeys.me(), saved),
  });
}
