import { useState, type FormEvent } from 'react';
import { Link, Navigate } from 'react-router';
import { describeErrorDetail } from '@app/shared';
import { ErrorBanner } from '../../../components/ErrorBanner';
import { Spinner } from '../../../components/Spinner';
import { ApiError } from '../../../lib/api-client';
import { useAuth } from '../hooks/auth-context';
import { homeFor } from '../../../app/guards';
import { AuthCard, inputClass, primaryButtonClass } from './AuthCard';

export function LoginPage() {
  const { login, isLoading, isAuthenticated, user } = useAuth();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);

  if (isLoading || (isAuthenticated && user)) {
    return (
      <>
        <Spinner label="Redirecting..." />
        {!isLoading && <Navigate to={homeFor(user)} replace />}
      </>
    );
  }

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    setSubmitting(true);
    try {
      await login(email, password);
    } catch (err) {
      setError(
        err instanceof ApiError
          ? describeErrorDetail(err.body, 'Invalid email or password')
          : 'Invalid email or password',
      );
      setSubmitting(false);
    }
  };

  return (
    <AuthCard title="Welcome back" subtitle="Sign in to continue to your creative opportunities.">
      <form onSubmit={onSubmit} className="space-y-4">
        <label className="block text-sm font-medium">
          Email
          <input
            type="email"
            name="email"
            required
            autoComplete="email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            className={inputClass}
          />
        </label>
        <label className="block text-sm font-medium">
          Password
          <input
            type="password"
            name="password"
            required
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            className={inputClass}
          />
        </label>
        <div className="text-right text-sm">
          {/* The spec's 'Forgot password?' link has no action behind it. */}
          <a href="#" onClick={(e) => e.preventDefault()} className="text-brand-600 hover:underline">
            Forgot password?
          </a>
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
