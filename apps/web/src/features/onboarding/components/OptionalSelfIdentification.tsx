import type { ReactNode } from 'react';

/** The voluntary self-identification offered after sign-up: folded away, clearly optional (issue 35). */
export function OptionalSelfIdentification({ children }: { children: ReactNode }) {
  return (
    <details className="mt-6 rounded-md border border-slate-200 bg-slate-50 p-4">
      <summary className="cursor-pointer text-sm font-medium text-slate-800">
        Optional: voluntary self-identification (for our bias audit only)
      </summary>
      <div className="mt-3">{children}</div>
    </details>
  );
}
