import type { ProfileMe } from '@app/shared';
import { apiRequest } from '../../lib/api-client';

/**
 * GET /api/profile/me: the signed-in user with every profile field. Read through `useUser()`
 * (lib/auth), the one query that holds the signed-in user.
 */
export const getProfileMe = () => apiRequest<ProfileMe>('/profile/me');
