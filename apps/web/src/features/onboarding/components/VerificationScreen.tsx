import { CheckCircle2, ShieldCheck } from 'lucide-react';
import { BlockingDialog, DialogTitle } from '../../../components/Modal';

type Props = { progress: number; message: string };

/** The cosmetic progress screen shown while onboarding completes (docs/product/rules.md). */
export function VerificationScreen({ progress, message }: Props) {
  const done = progress >= 100;
  return (
    // It closes by itself when onboarding completes; the candidate cannot dismiss it.
    <BlockingDialog
      overlayClassName="fixed inset-0 z-50 flex items-center justify-center bg-slate-900/50 px-4"
      className="w-full max-w-md rounded-2xl bg-white p-8 text-center shadow-xl"
    >
      {done ? (
        <CheckCircle2 className="mx-auto h-12 w-12 text-green-600" aria-hidden />
      ) : (
        <ShieldCheck className="mx-auto h-12 w-12 animate-pulse text-brand-600" aria-hidden />
      )}
      <DialogTitle className="mt-4 text-xl font-semibold">
        {done ? 'Verification Complete!' : 'Verifying Your Profile'}
      </DialogTitle>
      <p className="mt-2 text-sm text-slate-600" aria-live="polite" data-testid="verification-message">
        {message}
      </p>
      <div
        role="progressbar"
        aria-label="Verification progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={progress}
        className="mt-6 h-2 overflow-hidden rounded-full bg-slate-200"
      >
        <div
          className={`h-full rounded-full transition-all duration-500 ${done ? 'bg-green-600' : 'bg-brand-600'}`}
          style={{ width: `${progress}%` }}
        />
      </div>
      <p className="mt-2 text-sm font-medium text-slate-700">{progress}%</p>
    </BlockingDialog>
  );
}
