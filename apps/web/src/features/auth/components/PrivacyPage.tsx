import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { PRODUCT_NAME } from '@app/shared';
import { ErrorBanner } from '../../../components/ErrorBanner';
import { Spinner } from '../../../components/Spinner';
import { getPrivacyNotice } from '../../../api/account';

/** /privacy: the notice from the server's configuration (PRIVACY_POLICY_TEXT or the built-in one). */
export function PrivacyPage() {
  const [text, setText] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    getPrivacyNotice().then(
      (r) => setText(r.text),
      () => setError('The privacy notice could not be loaded. Please try again later.'),
    );
  }, []);

  return (
    <main className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
      <p className="text-sm font-semibold tracking-wide text-brand-600 uppercase">{PRODUCT_NAME}</p>
      <h1 className="mt-2 text-2xl font-semibold text-slate-900">Privacy</h1>
      <div className="mt-6 space-y-4 text-sm leading-relaxed text-slate-700">
        <ErrorBanner message={error} />
        {!text && !error && <Spinner label="Loading..." />}
        {text?.split(/\n\s*\n/).map((p, i) => (
          <p key={i}>{p}</p>
        ))}
      </div>
      <p className="mt-8 text-sm">
        <Link to="/" className="font-medium text-brand-600 hover:underline">
          Back to {PRODUCT_NAME}
        </Link>
      </p>
    </main>
  );
}
