import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { MIN_PASSWORD_LENGTH } from '@app/shared';
import { ErrorBanner } from '../../../components/ErrorBanner';
import { authStorage } from '../../../lib/auth-storage';
import { messageOr } from '../../../lib/describe-error';
import { useFormSubmit } from '../../../lib/use-form-submit';
import { AuthCard, AuthField, primaryButtonClass } from './AuthCard';
import { confirmPasswordReset } from '../../../api/account';

/** /reset-password?token=...: the new password twice; on success the person is signed in. */
export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const { submitting, error, setError, run } = useFormSubmit();

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (password.length < MIN_PASSWORD_LENGTH) {
      return setError(`Password must be at least ${MIN_PASSWORD_LENGTH} characters`);
    }
    if (password !== repeat) return setError('The two passwords do not match');
    void run(
      async () => {
        const reply = await confirmPasswordReset(token, password);
        authStorage.set(reply.token);
        // A fresh start of the app loads the new session (profile, interview status) like any sign-in.
        window.location.replace('/');
      },
      { describe: messageOr('Could not set the new password'), keepBusy: true },
    );
  };

  if (!token) {
    return (
      <AuthCard title="Reset your password" subtitle="This link is incomplete.">
        <Link to="/forgot-password" className="font-medium text-brand-600 hover:underline">
          Ask for a new reset link
        </Link>
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Choose a new password" subtitle="You will be signed in with it right away.">
      <form onSubmit={onSubmit} className="space-y-4">
        <AuthField
          label="New password"
          type="password"
          name="password"
          autoComplete="new-password"
          value={password}
          onChange={setPassword}
        />
        <AuthField
          label="Repeat the new password"
          type="password"
          name="repeat"
          autoComplete="new-password"
          value={repeat}
          onChange={setRepeat}
        />
        <ErrorBanner message={error} />
        {error && /invalid, expired or already used/.test(error) && (
          <Link to="/forgot-password" className="block text-sm font-medium text-brand-600 hover:underline">
            Ask for a new reset link
          </Link>
        )}
        <button type="submit" disabled={submitting} className={primaryButtonClass}>
          {submitting ? 'Saving...' : 'Set password and sign in'}
        </button>
      </form>
    </AuthCard>
  );
}
