import { useState, type FormEvent } from 'react';
import { Link, Navigate, useNavigate } from 'react-router';
import { MIN_PASSWORD_LENGTH, describeErrorDetail } from '@app/shared';
import { ErrorBanner } from '../../../components/ErrorBanner';
import { Spinner } from '../../../components/Spinner';
import { ApiError } from '../../../lib/api-client';
import { useAuth } from '../hooks/auth-context';
import { homeFor } from '../../../app/guards';
import { AuthCard, inputClass, primaryButtonClass } from './AuthCard';

export function SignupPage() {
  const { register, isLoading, isAuthenticated, user } = useAuth();
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [submitting, setSubmitting] = useState(false);
  const [justRegistered, setJustRegistered] = useState(false);
  const [error, setError] = useState<string | null>(null);

  if (isLoading) return <Spinner label="Loading..." />;
  if (isAuthenticated && user && !justRegistered) return <Navigate to={homeFor(user)} replace />;

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    setSubmitting(true);
    try {
      setJustRegistered(true);
      await register(email, password);
      navigate('/onboarding', { replace: true });
    } catch (err) {
      setJustRegistered(false);
      setError(
        err instanceof ApiError
          ? describeErrorDetail(err.body, 'Failed to create account')
          : 'Failed to create account',
      );
      setSubmitting(false);
    }
  };

  return (
    <AuthCard
      title="Create your account"
      subtitle="Join a community of creative professionals doing paid, remote work."
    >
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
            minLength={MIN_PASSWORD_LENGTH}
            autoComplete="new-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            className={inputClass}
          />
          <span className="mt-1 block text-xs font-normal text-slate-500">
            At least {MIN_PASSWORD_LENGTH} characters
          </span>
        </label>
        <ErrorBanner message={error} />
        <button type="submit" disabled={submitting} className={primaryButtonClass}>
          {submitting ? 'Creating Account...' : 'Create Account'}
        </button>
      </form>
      <p className="mt-6 text-center text-sm text-slate-600">
        Already have an account?{' '}
        <Link to="/login" className="font-medium text-brand-600 hover:underline">
          Sign in
        </Link>
      </p>
    </AuthCard>
  );
}
