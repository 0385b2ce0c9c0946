import type { ComponentProps, FormEventHandler, ReactNode } from 'react';
import { Link } from 'react-router';
import { ErrorBanner } from '../../../components/ErrorBanner';
import { LabelledInput } from '../../../components/LabelledInput';
import { useHydrated } from '../../../lib/use-hydrated';
import { PRODUCT_NAME } from '@app/shared';

type AuthCardProps = {
  title: string;
  subtitle: string;
  children: ReactNode;
  /** Shown beside the card on wide screens and under it on narrow ones (the sign-in page's open jobs). */
  aside?: ReactNode;
};

export function AuthCard({ title, subtitle, children, aside }: AuthCardProps) {
  return (
    <div
      className={`flex min-h-screen flex-col items-center justify-center gap-10 bg-gradient-to-br from-brand-50 to-white px-4 py-10 ${
        aside ? 'lg:flex-row-reverse lg:items-start lg:gap-16 lg:pt-24' : ''
      }`}
    >
      <div className="w-full max-w-md rounded-2xl border border-slate-200 bg-white p-8 shadow-sm">
        <p className="text-sm font-semibold tracking-wide text-brand-600 uppercase">{PRODUCT_NAME}</p>
        <p className="mb-6 text-xs text-slate-500">Human data for multimodal intelligence</p>
        <h1 className="text-2xl font-semibold">{title}</h1>
        <p className="mt-1 mb-6 text-sm text-slate-600">{subtitle}</p>
        {children}
      </div>
      {aside}
    </div>
  );
}

export const inputClass =
  'mt-1 block w-full rounded-md border border-slate-300 px-3 py-2 text-sm shadow-sm focus:border-brand-500 focus:ring-1 focus:ring-brand-500 focus:outline-none';
export const primaryButtonClass =
  'w-full rounded-md bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700 disabled:cursor-not-allowed disabled:opacity-60';
export const linkClass = 'font-medium text-brand-600 hover:underline';

/** How a field of the sign-in screens looks: required, in their own input style. */
export const authFieldLook = {
  required: true,
  labelClassName: 'block text-sm font-medium',
  inputClassName: inputClass,
};

/** A required field of the sign-in screens, in their look. */
export const AuthField = (props: ComponentProps<typeof LabelledInput>) => (
  <LabelledInput {...authFieldLook} {...props} />
);

type AuthFormProps = {
  onSubmit: FormEventHandler<HTMLFormElement>;
  /** The submit's state (useFormSubmit): the button waits while busy, the error line says what failed. */
  submit: { submitting: boolean; error: string | null };
  submitLabel: string;
  busyLabel: string;
  /** The fields, and anything between them and the error line. */
  children: ReactNode;
  /** Shown between the error line and the button (e.g. a way out of that error). */
  afterError?: ReactNode;
  /** Shown under the button, inside the form. */
  afterButton?: ReactNode;
};

/** The form of a sign-in screen: its fields, the red error line, and the full-width submit button. */
export function AuthForm({
  onSubmit,
  submit: { submitting, error },
  submitLabel,
  busyLabel,
  children,
  afterError,
  afterButton,
}: AuthFormProps) {
  // A prerendered form is on screen before the app runs: until it does, the button (and with it the
  // Enter key) does nothing, and a form sent without the app would be a POST, never a URL with the
  // password in it.
  const hydrated = useHydrated();
  return (
    <form onSubmit={onSubmit} method="post" className="space-y-4">
      {children}
      <ErrorBanner message={error} />
      {afterError}
      <button type="submit" disabled={submitting || !hydrated} className={primaryButtonClass}>
        {submitting ? busyLabel : submitLabel}
      </button>
      {afterButton}
    </form>
  );
}

/** The line under a sign-in card that leads to the neighbouring screen. */
export function AuthFooterLink({ question, to, label }: { question?: string; to: string; label: string }) {
  return (
    <p className="mt-6 text-center text-sm text-slate-600">
      {question && `${question} `}
      <Link to={to} className={linkClass}>
        {label}
      </Link>
    </p>
  );
}
