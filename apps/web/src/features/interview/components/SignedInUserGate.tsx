import type { ReactNode } from 'react';
import { Spinner } from '../../../components/Spinner';
import { useAuth } from '../../../lib/auth';

/** The interview screens greet the candidate by name, so they wait for the signed-in user. */
export function SignedInUserGate({ children }: { children: ReactNode }) {
  const { isLoading, user } = useAuth();
  if (isLoading) return <Spinner label="Loading your profile..." />;
  if (!user) {
    return (
      <div className="mx-auto max-w-md px-6 py-16" role="alert">
        User not loaded. Please refresh and try again.
      </div>
    );
  }
  return children;
}
