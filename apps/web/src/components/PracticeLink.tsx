import { PRACTICE_QUESTIONS } from '@app/shared';
import { Mic } from 'lucide-react';
import { Link } from 'react-router';

/**
 * The way to the practice interview from the marketplace, a job and the status page (issue 34): for a
 * job, the practice is about that job. `compact` is one line; otherwise a short card.
 */
export function PracticeLink({ jobId, compact = false }: { jobId?: string | null; compact?: boolean }) {
  const to = jobId ? `/interview-prep?jobId=${encodeURIComponent(jobId)}` : '/interview-prep';
  const label = jobId ? 'Practise the interview for this job' : 'Try a practice interview';
  if (compact)
    return (
      <Link to={to} className="inline-flex items-center gap-1.5 text-sm font-medium text-brand-700 hover:underline">
        <Mic className="h-4 w-4" aria-hidden />
        {label}
      </Link>
    );
  return (
    <div className="flex flex-col gap-2 rounded-lg border border-brand-100 bg-brand-50/60 p-3 sm:flex-row sm:items-center sm:justify-between">
      <p className="text-sm text-slate-700">
        Get used to the AI interviewer: {PRACTICE_QUESTIONS} questions, nothing recorded or scored.
      </p>
      <Link
        to={to}
        className="inline-flex shrink-0 items-center gap-1.5 self-start rounded-md bg-white px-3 py-1.5 text-sm font-medium text-brand-700 ring-1 ring-brand-200 hover:bg-brand-50 sm:self-auto"
      >
        <Mic className="h-4 w-4" aria-hidden />
        {label}
      </Link>
    </div>
  );
}
