import type { FormEvent } from 'react';
import { Link, Navigate } from 'react-router';
import { Spinner } from '../../../components/Spinner';
import { serverDetailOr } from '../../../lib/describe-error';
import { useAuth } from '../../../lib/auth';
import { useFormSubmit } from '../../../lib/use-form-submit';
import { homeFor } from '../../../app/guards';
import { pendingInvitation } from '../../../lib/pending-invitation';
import { AuthCard, AuthField, AuthFooterLink, AuthForm } from './AuthCard';
import { OpenPositions } from './OpenPositions';

// Sign-in reads its fields from the form when it is sent: its page is the first most people load,
// and react-hook-form would add to it (decision 0120). The page is prerendered (decision 0130), so
// what was typed before the app took it over is in the fields, not in any state of the app's.
export function LoginPage() {
  const { login, isLoading, isAuthenticated, user } = useAuth();
  const submit = useFormSubmit();

  if (isLoading || (isAuthenticated && user)) {
    return (
      <>
        <Spinner label="Redirecting..." />
        {!isLoading && <Navigate to={(user?.role !== 'admin' && pendingInvitation.path()) || homeFor(user)} replace />}
      </>
    );
  }

  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const fields = new FormData(e.currentTarget);
    const email = String(fields.get('email') ?? '');
    const password = String(fields.get('password') ?? '');
    void submit.run(() => login(email, password), {
      describe: serverDetailOr('Invalid email or password'),
      keepBusy: true,
    });
  };

  return (
    <AuthCard title="Sign in" subtitle="Continue to your creative opportunities." aside={<OpenPositions />}>
      <AuthForm onSubmit={onSubmit} submit={submit} submitLabel="Sign In" busyLabel="Signing In...">
        <AuthField label="Email" type="email" name="email" autoComplete="email" />
        <AuthField label="Password" type="password" name="password" autoComplete="current-password" />
        <div className="text-right text-sm">
          <Link to="/forgot-password" className="text-brand-600 hover:underline">
            Forgot password?
          </Link>
        </div>
      </AuthForm>
      <AuthFooterLink question="Don't have an account?" to="/signup" label="Sign up" />
    </AuthCard>
  );
}
