import { Link, useSearchParams } from 'react-router';
import { Video } from 'lucide-react';

/**
 * The /interview placeholder. It completes nothing: an interview is completed only by the live
 * interview that ran it (docs/decisions/0106-placeholder-interview-completes-nothing.md). It points
 * the candidate to the status page (for ?interviewId=, that interview) and to the marketplace.
 */
export function PlaceholderInterviewPage() {
  const [params] = useSearchParams();
  const interviewId = params.get('interviewId');
  const statusPath = interviewId ? `/status?interviewId=${encodeURIComponent(interviewId)}` : '/status';

  return (
    <div className="flex min-h-screen items-center justify-center bg-slate-50 px-4">
      <div className="w-full max-w-lg rounded-2xl border border-slate-200 bg-white p-8 text-center shadow-sm">
        <span className="mx-auto flex h-14 w-14 items-center justify-center rounded-full bg-brand-50 text-brand-700">
          <Video className="h-7 w-7" aria-hidden />
        </span>
        <h1 className="mt-4 text-2xl font-semibold text-slate-900">Interviews happen live</h1>
        <p className="mt-2 text-slate-600">
          Your interview takes place with our AI interviewer, started from a job&apos;s application. Your status page
          shows where each of your interviews stands.
        </p>
        <div className="mt-6 flex flex-col gap-3">
          <Link
            to={statusPath}
            className="w-full rounded-md bg-brand-600 px-4 py-2.5 text-sm font-semibold text-white hover:bg-brand-700"
          >
            View application status
          </Link>
          <Link to="/" className="text-sm font-medium text-brand-700 hover:underline">
            Browse Opportunities
          </Link>
        </div>
      </div>
    </div>
  );
}
