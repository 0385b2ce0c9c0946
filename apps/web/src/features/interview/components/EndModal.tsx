import type { ReactNode } from 'react';
import { CheckCircle2, RotateCcw } from 'lucide-react';
import { BlockingDialog, DialogTitle } from '../../../components/Modal';

export const DEFAULT_CLOSING_LINE =
  'Thank you for taking the time to talk with me today. It was great to learn about your work.';

/** Shown once the interview has ended (docs/product/screens/interview.md). */
export function EndModal({
  quote,
  title = 'Thanks for interviewing!',
  message = "We're reviewing your conversation and will email you as soon as the hiring team has next steps.",
  actionLabel = 'Continue to status',
  startsAgain = false,
  onContinue,
  children,
}: {
  /** The interviewer's last words; left out, no quote is shown. */
  quote?: string | null;
  title?: string;
  message?: string;
  actionLabel?: string;
  /** Nothing was sent: the icon says "again", not "done". */
  startsAgain?: boolean;
  onContinue: () => void;
  /** Shown under the quote: the satisfaction question (issue 47). */
  children?: ReactNode;
}) {
  return (
    // Nothing closes it but its button: the interview is over either way.
    <BlockingDialog
      overlayClassName="fixed inset-0 z-50 flex items-center justify-center bg-slate-950/70 p-4 backdrop-blur-sm"
      className="w-full max-w-md rounded-2xl bg-white p-6 text-slate-900 shadow-2xl sm:p-8"
    >
      {startsAgain ? (
        <RotateCcw className="h-10 w-10 text-amber-500" aria-hidden />
      ) : (
        <CheckCircle2 className="h-10 w-10 text-emerald-500" aria-hidden />
      )}
      <DialogTitle className="mt-4 text-xl font-semibold">{title}</DialogTitle>
      <p className="mt-2 text-sm text-slate-600">{message}</p>
      {quote !== undefined && (
        <blockquote className="mt-5 border-l-4 border-indigo-400 bg-indigo-50 px-4 py-3 text-sm text-slate-700 italic">
          “{quote || DEFAULT_CLOSING_LINE}”
          <footer className="mt-1 text-xs text-slate-500 not-italic">— AI Interviewer</footer>
        </blockquote>
      )}
      {children}
      <button
        type="button"
        onClick={onContinue}
        className="mt-6 w-full rounded-lg bg-indigo-600 px-4 py-2.5 text-sm font-semibold text-white hover:bg-indigo-500"
      >
        {actionLabel}
      </button>
    </BlockingDialog>
  );
}
