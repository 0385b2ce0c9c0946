/** Query keys of the signed-in candidate's profile, which is also the signed-in user (lib/auth). */
export const profileKeys = {
  all: ['profile'] as const,
  me: () => [...profileKeys.all, 'me'] as const,
};
