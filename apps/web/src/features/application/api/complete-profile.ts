import type { ProfileCompletePayload, ProfileMe } from '@app/shared';
import { apiRequest } from '../../../lib/api-client';

/** PUT /api/profile/complete (bearer); the reply is the updated user with the profile. */
export const completeProfile = (payload: ProfileCompletePayload) =>
  apiRequest<ProfileMe>('/profile/complete', { method: 'PUT', body: payload });
