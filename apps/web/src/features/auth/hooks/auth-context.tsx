import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { ProfileMe, User } from '@app/shared';
import { authStorage } from '../../../lib/auth-storage';
import * as authApi from '../api/auth-api';

type AuthUser = User & Partial<ProfileMe>;

type AuthState = {
  token: string | null;
  user: AuthUser | null;
  interviewStatus: authApi.InterviewStatus | null;
  /** True while the stored session is being checked at startup. */
  isLoading: boolean;
  isAuthenticated: boolean;
  login: (email: string, password: string) => Promise<AuthUser>;
  register: (email: string, password: string) => Promise<AuthUser>;
  logout: () => void;
  /** Replaces the user, e.g. with the reply of PUT /profile/complete. */
  setUser: (user: AuthUser) => void;
  refreshUser: () => Promise<AuthUser | null>;
  refreshInterviewStatus: () => Promise<authApi.InterviewStatus | null>;
};

const AuthContext = createContext<AuthState | null>(null);

export function AuthProvider({ children }: { children: ReactNode }) {
  const [token, setToken] = useState<string | null>(() => authStorage.get());
  const [user, setUser] = useState<AuthUser | null>(null);
  const [interviewStatus, setInterviewStatus] = useState<authApi.InterviewStatus | null>(null);
  const [isLoading, setIsLoading] = useState<boolean>(() => authStorage.get() !== null);

  const logout = useCallback(() => {
    authStorage.clear();
    setToken(null);
    setUser(null);
    setInterviewStatus(null);
  }, []);

  const refreshInterviewStatus = useCallback(async () => {
    const status = authStorage.get() ? await authApi.getInterviewStatus() : null;
    setInterviewStatus(status);
    return status;
  }, []);

  const refreshUser = useCallback(async () => {
    try {
      const profile = await authApi.getProfileMe();
      setUser(profile);
      return profile;
    } catch (err) {
      // Spec: a failed profile fetch is logged and the session is cleared.
      console.error('Failed to load profile', err);
      logout();
      return null;
    }
  }, [logout]);

  // On startup with a stored token, fetch the profile (and the interview status).
  useEffect(() => {
    if (!authStorage.get()) return;
    let cancelled = false;
    void (async () => {
      const profile = await refreshUser();
      if (profile && !cancelled) await refreshInterviewStatus();
      if (!cancelled) setIsLoading(false);
    })();
    return () => {
      cancelled = true;
    };
  }, [refreshUser, refreshInterviewStatus]);

  const startSession = useCallback(
    async (reply: { token: string; user: User }) => {
      authStorage.set(reply.token);
      setToken(reply.token);
      setUser(reply.user);
      void refreshInterviewStatus();
      return reply.user as AuthUser;
    },
    [refreshInterviewStatus],
  );

  const value = useMemo<AuthState>(
    () => ({
      token,
      user,
      interviewStatus,
      isLoading,
      isAuthenticated: Boolean(token && user),
      login: async (email, password) => startSession(await authApi.login(email, password)),
      register: async (email, password) => startSession(await authApi.register(email, password)),
      logout,
      setUser,
      refreshUser,
      refreshInterviewStatus,
    }),
    [token, user, interviewStatus, isLoading, startSession, logout, refreshUser, refreshInterviewStatus],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthState {
  const ctx = useContext(AuthContext);
  if (!ctx) throw new Error('useAuth must be used inside <AuthProvider>');
  return ctx;
}
