import type { ReactNode } from 'react';

/**
 * Narrow screens: a sticky header over a step-by-step form, with something on the left (a title or
 * a way out), 'Step N of M', and a progress bar named by `label`.
 */
export function MobileStepHeader({
  label,
  step,
  total,
  children,
}: {
  label: string;
  /** The current step, from 1. */
  step: number;
  total: number;
  children: ReactNode;
}) {
  return (
    <header className="sticky top-0 z-20 border-b border-slate-200 bg-white px-4 py-3 md:hidden">
      <div className="flex items-center justify-between text-sm">
        {children}
        <span className="text-slate-500">
          Step {step} of {total}
        </span>
      </div>
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={total}
        aria-valuenow={step}
        className="mt-2 h-1.5 overflow-hidden rounded-full bg-slate-200"
      >
        <div
          className="h-full rounded-full bg-brand-600 transition-all"
          style={{ width: `${(step / total) * 100}%` }}
        />
      </div>
    </header>
  );
}
