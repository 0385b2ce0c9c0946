import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Video } from 'lucide-react';
import { ErrorBanner } from '../../../components/ErrorBanner';
import { useAuth } from '../../auth/hooks/auth-context';
import { useCompleteInterview } from '../api/complete-interview';

/**
 * The placeholder interview screen (spec part 2 section 2.7): stands in for a real interview and
 * completes it. The interview is ?interviewId=, else the candidate's latest one from the auth layer.
 */
export function PlaceholderInterviewPage() {
  const [params] = useSearchParams();
  const { interviewStatus, refreshInterviewStatus } = useAuth();
  const navigate = useNavigate();
  const complete = useCompleteInterview();
  const [error, setError] = useState<string | null>(null);
  const interviewId = params.get('interviewId') || interviewStatus?.id || null;

  const onComplete = async () => {
    setError(null);
    if (!interviewId) return setError('No interview found');
    try {
      await complete.mutateAsync(interviewId);
      void refreshInterviewStatus();
      navigate(`/status?interviewId=${encodeURIComponent(interviewId)}`);
    } catch (err) {
      console.error('Failed to complete interview', err);
      setError('Failed to complete interview. Please try again.');
    }
  };

  return (
    <div className="flex min-h-screen items-center justify-center bg-slate-50 px-4">
      <div className="w-full max-w-lg rounded-2xl border border-slate-200 bg-white p-8 text-center shadow-sm">
        <span className="mx-auto flex h-14 w-14 items-center justify-center rounded-full bg-brand-50 text-brand-700">
          <Video className="h-7 w-7" aria-hidden />
        </span>
        <h1 className="mt-4 text-2xl font-semibold text-slate-900">Interview in Progress</h1>
        <p className="mt-2 text-slate-600">
          This is a placeholder for the interview experience. Use the button below to mark your interview as complete
          and see its status.
        </p>
        <div className="mt-6 space-y-3">
          <ErrorBanner message={error} />
          <button
            type="button"
            onClick={onComplete}
            disabled={complete.isPending}
            className="w-full rounded-md bg-brand-600 px-4 py-2.5 text-sm font-semibold text-white hover:bg-brand-700 disabled:opacity-50"
          >
            {complete.isPending ? 'Completing...' : 'Complete Interview'}
          </button>
        </div>
      </div>
    </div>
  );
}
