import type { ReactNode } from 'react';
import { PRODUCT_NAME } from '@app/shared';

/** The frame of the pages an e-mail link opens (no app navigation: the person may have no account yet). */
export function InvitationCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="flex min-h-screen items-start justify-center bg-gradient-to-br from-brand-50 to-white px-4 py-16">
      <div className="w-full max-w-md rounded-2xl border border-slate-200 bg-white p-8 shadow-sm">
        <p className="text-sm font-semibold tracking-wide text-brand-600 uppercase">{PRODUCT_NAME}</p>
        <h1 className="mt-4 text-2xl font-semibold text-slate-900">{title}</h1>
        <div className="mt-4 space-y-4 text-sm text-slate-700">{children}</div>
      </div>
    </div>
  );
}
