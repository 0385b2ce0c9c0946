import { useState, type FormEvent } from 'react';
import { Link, Navigate, useNavigate } from 'react-router';
import { MIN_PASSWORD_LENGTH } from '@app/shared';
import { Spinner } from '../../../components/Spinner';
import { serverDetailOr } from '../../../lib/describe-error';
import { useAuth } from '../../../lib/auth';
import { useFormSubmit } from '../../../lib/use-form-submit';
import { homeFor } from '../../../app/guards';
import { AuthCard, AuthField, AuthFooterLink, AuthForm, linkClass } from './AuthCard';

// Sign-up keeps plain state like sign-in: it is a first page too, and react-hook-form would add to it.
export function SignupPage() {
  const { register, isLoading, isAuthenticated, user } = useAuth();
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [justRegistered, setJustRegistered] = useState(false);
  const submit = useFormSubmit();

  if (isLoading) return <Spinner label="Loading..." />;
  if (isAuthenticated && user && !justRegistered) return <Navigate to={homeFor(user)} replace />;

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    void submit.run(
      async () => {
        // The new session must not send the person to their home page before onboarding.
        setJustRegistered(true);
        try {
          await register(email, password);
        } catch (err) {
          setJustRegistered(false);
          throw err;
        }
        navigate('/onboarding', { replace: true });
      },
      { describe: serverDetailOr('Failed to create account'), keepBusy: true },
    );
  };

  return (
    <AuthCard
      title="Create your account"
      subtitle="Join a community of creative professionals doing paid, remote work."
    >
      <AuthForm
        onSubmit={onSubmit}
        submit={submit}
        submitLabel="Create Account"
        busyLabel="Creating Account..."
        afterButton={
          <p className="text-xs text-slate-500">
            See our{' '}
            <Link to="/privacy" className={linkClass}>
              privacy notice
            </Link>{' '}
            for what we keep about you and why.
          </p>
        }
      >
        <AuthField label="Email" type="email" name="email" autoComplete="email" value={email} onChange={setEmail} />
        <AuthField
          label="Password"
          type="password"
          name="password"
          minLength={MIN_PASSWORD_LENGTH}
          autoComplete="new-password"
          value={password}
          onChange={setPassword}
          hint={`At least ${MIN_PASSWORD_LENGTH} characters`}
        />
      </AuthForm>
      <AuthFooterLink question="Already have an account?" to="/login" label="Sign in" />
    </AuthCard>
  );
}
