import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { ErrorBanner } from '../../../components/ErrorBanner';
import { messageOr } from '../../../lib/describe-error';
import { useFormSubmit } from '../../../lib/use-form-submit';
import { AuthCard, AuthField, primaryButtonClass } from './AuthCard';
import { requestPasswordReset } from '../../../api/account';

/** /forgot-password: asks for the address; the reply is the same whether or not it has an account. */
export function ForgotPasswordPage() {
  const [email, setEmail] = useState('');
  const [sent, setSent] = useState<string | null>(null);
  const { submitting, error, run } = useFormSubmit();

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    void run(async () => setSent((await requestPasswordReset(email)).detail), {
      describe: messageOr('Could not send the reset link. Please try again.'),
    });
  };

  return (
    <AuthCard title="Reset your password" subtitle="We will e-mail you a link to choose a new password.">
      {sent ? (
        <p
          role="status"
          className="rounded-md border border-emerald-200 bg-emerald-50 px-3 py-2 text-sm text-emerald-800"
        >
          {sent}
        </p>
      ) : (
        <form onSubmit={onSubmit} className="space-y-4">
          <AuthField label="Email" type="email" name="email" autoComplete="email" value={email} onChange={setEmail} />
          <ErrorBanner message={error} />
          <button type="submit" disabled={submitting} className={primaryButtonClass}>
            {submitting ? 'Sending...' : 'Send reset link'}
          </button>
        </form>
      )}
      <p className="mt-6 text-center text-sm text-slate-600">
        <Link to="/login" className="font-medium text-brand-600 hover:underline">
          Back to sign in
        </Link>
      </p>
    </AuthCard>
  );
}
