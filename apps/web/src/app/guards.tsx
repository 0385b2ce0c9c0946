import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { Spinner } from '../components/Spinner';
import { useAuth } from '../lib/auth';

type GuardProps = {
  children: ReactNode;
  /** Send signed-in users whose profile is incomplete to /onboarding. */
  requireCompleteProfile?: boolean;
  requireAdmin?: boolean;
  /** Text under the spinner while the session is checked (the live interview says 'Loading your profile...'). */
  loadingLabel?: string;
};

/** The route guard of docs/product/screens/accounts.md. */
export function RequireAuth({
  children,
  requireCompleteProfile = false,
  requireAdmin = false,
  loadingLabel = 'Loading...',
}: GuardProps) {
  const { isLoading, isAuthenticated, user } = useAuth();
  const location = useLocation();
  if (isLoading) return <Spinner label={loadingLabel} />;
  if (!isAuthenticated || !user) return <Navigate to="/login" replace state={{ from: location }} />;
  if (requireCompleteProfile && !user.profile_completed) return <Navigate to="/onboarding" replace />;
  if (requireAdmin && user.role !== 'admin') return <Navigate to="/" replace />;
  return <>{children}</>;
}

/**
 * Where a signed-in user belongs: an admin in the console (issue 34, decision 0189); anyone else '/'
 * with a complete profile, otherwise '/onboarding'.
 */
export const homeFor = (user: { profile_completed: boolean; role?: string } | null) =>
  user?.role === 'admin' ? '/admin' : user?.profile_completed ? '/' : '/onboarding';
