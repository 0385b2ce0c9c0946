import { cardClass } from '../../../components/form-styles';
import type { ReactNode } from 'react';

/** The profile's optional self-identification card (issue 35): never required, removable at any time. */
export function SelfIdentificationSection({ children }: { children: ReactNode }) {
  return (
    <section className={cardClass} aria-labelledby="self-id-title">
      <h2 id="self-id-title" className="text-lg font-semibold text-slate-900">
        Voluntary self-identification <span className="text-sm font-normal text-slate-500">(optional)</span>
      </h2>
      <div className="mt-3">{children}</div>
    </section>
  );
}
