import type { ReactNode } from 'react';

/** The frame of every debrief page: a heading, a line under it, the content. */
export function DebriefPage({ title, subtitle, children }: { title: string; subtitle: string; children: ReactNode }) {
  return (
    <div className="mx-auto max-w-4xl px-4 py-6 md:px-8 md:py-8">
      <p className="text-sm font-medium text-indigo-600">Debrief</p>
      <h1 className="mt-1 text-2xl font-semibold text-slate-900">{title}</h1>
      <p className="mt-1 text-slate-600">{subtitle}</p>
      <div className="mt-6">{children}</div>
    </div>
  );
}
