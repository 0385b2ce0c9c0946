/**
 * The signed-in user is one query: GET /api/profile/me under the profile key. Login, sign-up and
 * profile saves write that query; logout empties it. There is no second copy in a context, so a
 * save on any screen is seen by every screen and by the route guard
 * (docs/product/screens/accounts.md, "Session").
 */
import { queryOptions, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { AuthReply, ProfileMe } from '@app/shared';
import { profileKeys } from '../api/profile/keys';
import { getProfileMe } from '../api/profile/get-profile-me';
import { apiRequest } from './api-client';
import { authStorage } from './auth-storage';

/**
 * The page is being left (a link, a reload, the address bar): the browser cancels requests in flight,
 * and such a cancelled request is not a failure of the session.
 */
let leavingPage = false;
if (typeof window !== 'undefined') {
  window.addEventListener('beforeunload', () => (leavingPage = true));
  window.addEventListener('pagehide', () => (leavingPage = true));
  // Back from the back-forward cache, or a cancelled leave: the page is in use again.
  window.addEventListener('pageshow', () => (leavingPage = false));
}

/** No token means signed out. A failed profile fetch is logged and ends the session. */
async function getUser(): Promise<ProfileMe | null> {
  if (!authStorage.get()) return null;
  try {
    return await getProfileMe();
  } catch (err) {
    // Leaving mid-request: the next page checks the session again with the token intact.
    if (leavingPage) throw err;
    console.error('Failed to load profile', err);
    authStorage.clear();
    return null;
  }
}

export const userQueryOptions = () =>
  queryOptions({
    queryKey: profileKeys.me(),
    queryFn: getUser,
    // Without a stored token there is nothing to check: signed out at once, no loading state.
    initialData: () => (authStorage.get() ? undefined : null),
    // The user changes only through the calls below and profile saves, which write the query.
    staleTime: Infinity,
  });

/** The signed-in user (null when signed out); pending while a stored session is being checked. */
export const useUser = () => useQuery(userQueryOptions());

const login = (body: { email: string; password: string }) =>
  apiRequest<AuthReply>('/auth/login', { body, auth: false });
const logoutOnServer = () => apiRequest<void>('/auth/logout', { method: 'POST' });
const register = (body: { email: string; password: string }) =>
  apiRequest<AuthReply>('/auth/register', { body, auth: false });

async function startSession(queryClient: QueryClient, reply: AuthReply): Promise<ProfileMe | null> {
  authStorage.set(reply.token);
  return queryClient.fetchQuery({ ...userQueryOptions(), staleTime: 0 });
}

/** Ends the session: the token, the user and everything cached for them are dropped. */
export function endSession(queryClient: QueryClient) {
  authStorage.clear();
  queryClient.setQueryData(profileKeys.me(), null);
  queryClient.removeQueries({ predicate: (q) => q.queryKey.join('/') !== profileKeys.me().join('/') });
}

/** The session as the screens use it: the user, whether it is still loading, and the actions. */
export function useAuth() {
  const queryClient = useQueryClient();
  const { data: user = null, isPending } = useUser();
  return {
    user,
    isLoading: isPending,
    isAuthenticated: user !== null,
    login: async (email: string, password: string) => startSession(queryClient, await login({ email, password })),
    register: async (email: string, password: string) => startSession(queryClient, await register({ email, password })),
    // Ends the session on the server too; the local session is cleared even if that call fails.
    logout: () => {
      void logoutOnServer().catch(() => undefined);
      endSession(queryClient);
    },
  };
}
