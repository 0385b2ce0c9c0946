import { useState, type FormEvent } from 'react';
import { Link, Navigate } from 'react-router';
import { ErrorBanner } from '../../../components/ErrorBanner';
import { Spinner } from '../../../components/Spinner';
import { serverDetailOr } from '../../../lib/describe-error';
import { useAuth } from '../../../lib/auth';
import { useFormSubmit } from '../../../lib/use-form-submit';
import { homeFor } from '../../../app/guards';
import { AuthCard, AuthField, primaryButtonClass } from './AuthCard';

export function LoginPage() {
  const { login, isLoading, isAuthenticated, user } = useAuth();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const { submitting, error, run } = useFormSubmit();

  if (isLoading || (isAuthenticated && user)) {
    return (
      <>
        <Spinner label="Redirecting..." />
        {!isLoading && <Navigate to={homeFor(user)} replace />}
      </>
    );
  }

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    void run(() => login(email, password), { describe: serverDetailOr('Invalid email or password'), keepBusy: true });
  };

  return (
    <AuthCard title="Welcome back" subtitle="Sign in to continue to your creative opportunities.">
      <form onSubmit={onSubmit} className="space-y-4">
        <AuthField label="Email" type="email" name="email" autoComplete="email" value={email} onChange={setEmail} />
        <AuthField
          label="Password"
          type="password"
          name="password"
          autoComplete="current-password"
          value={password}
          onChange={setPassword}
        />
        <div className="text-right text-sm">
          <Link to="/forgot-password" className="text-brand-600 hover:underline">
            Forgot password?
          </Link>
        </div>
        <ErrorBanner message={error} />
        <button type="submit" disabled={submitting} className={primaryButtonClass}>
          {submitting ? 'Signing In...' : 'Sign In'}
        </button>
      </form>
      <p className="mt-6 text-center text-sm text-slate-600">
        Don&apos;t have an account?{' '}
        <Link to="/signup" className="font-medium text-brand-600 hover:underline">
          Sign up
        </Link>
      </p>
    </AuthCard>
  );
}
