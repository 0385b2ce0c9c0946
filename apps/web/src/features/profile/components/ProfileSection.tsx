import type { ReactNode } from 'react';
import { cardClass } from '../../../components/form-styles';

/** One titled part of the profile under its cards: self-identification, practice, account. */
export function ProfileSection({ id, title, children }: { id: string; title: ReactNode; children: ReactNode }) {
  return (
    <section className={cardClass} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      {children}
    </section>
  );
}
