import type { ComponentProps, ReactNode } from 'react';
import { LabelledInput } from '../../../components/LabelledInput';
import { PRODUCT_NAME } from '@app/shared';

export function AuthCard({ title, subtitle, children }: { title: string; subtitle: string; children: ReactNode }) {
  return (
    <div className="flex min-h-screen items-center justify-center bg-gradient-to-br from-brand-50 to-white px-4 py-10">
      <div className="w-full max-w-md rounded-2xl border border-slate-200 bg-white p-8 shadow-sm">
        <p className="text-sm font-semibold tracking-wide text-brand-600 uppercase">{PRODUCT_NAME}</p>
        <p className="mb-6 text-xs text-slate-500">Human data for multimodal intelligence</p>
        <h1 className="text-2xl font-semibold">{title}</h1>
        <p className="mt-1 mb-6 text-sm text-slate-600">{subtitle}</p>
        {children}
      </div>
    </div>
  );
}

export const inputClass =
  'mt-1 block w-full rounded-md border border-slate-300 px-3 py-2 text-sm shadow-sm focus:border-brand-500 focus:ring-1 focus:ring-brand-500 focus:outline-none';
export const primaryButtonClass =
  'w-full rounded-md bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700 disabled:cursor-not-allowed disabled:opacity-60';

/** A required field of the sign-in screens, in their look. */
export const AuthField = (props: ComponentProps<typeof LabelledInput>) => (
  <LabelledInput required labelClassName="block text-sm font-medium" inputClassName={inputClass} {...props} />
);
