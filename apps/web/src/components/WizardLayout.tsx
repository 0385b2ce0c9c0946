import type { FormEvent, ReactNode } from 'react';

/**
 * The frame of a step-by-step form (onboarding, a job application): where the person is, beside a
 * column with the step's heading and the form's card.
 */
export function WizardLayout({
  progress,
  heading,
  onSubmit,
  children,
  overlay,
}: {
  /** The step list and the narrow screens' progress header. */
  progress: ReactNode;
  heading: ReactNode;
  onSubmit: (e: FormEvent<HTMLFormElement>) => void;
  children: ReactNode;
  /** Shown over the page, e.g. once the form is done. */
  overlay?: ReactNode;
}) {
  return (
    <div className="min-h-screen bg-slate-50 md:flex">
      {progress}
      <main className="min-w-0 flex-1 px-4 py-6 sm:px-8 md:py-10">
        <div className="mx-auto max-w-2xl">
          {heading}
          <form
            noValidate
            onSubmit={onSubmit}
            className="mt-6 rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
          >
            {children}
          </form>
        </div>
      </main>
      {overlay}
    </div>
  );
}
