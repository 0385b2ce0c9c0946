import { useId, type ReactNode } from 'react';

/** A titled section of cards, two to a row on wide screens (the lists on Your Jobs); `children` are its items. */
export function CardListSection({ title, children }: { title: string; children: ReactNode }) {
  const titleId = useId();
  return (
    <section aria-labelledby={titleId} className="mt-6">
      <h2 id={titleId} className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      <ul className="mt-3 grid grid-cols-1 gap-3 md:grid-cols-2">{children}</ul>
    </section>
  );
}
