import { useId, type ReactNode } from 'react';

/** What a field's control needs to be wired to its label, help text and error message. */
export type FieldControlProps = {
  id: string;
  'aria-describedby'?: string;
  'aria-invalid'?: true;
};

type Props = {
  label: string;
  required?: boolean;
  /** A small badge after the label, e.g. "prefilled". */
  badge?: string;
  /** Help text under the field (hidden while an error is shown in its place). */
  help?: ReactNode;
  error?: string;
  children: (control: FieldControlProps) => ReactNode;
};

/**
 * A label, its control, and the help or error text under it: one wiring for every form, so a screen
 * reader reads the label and the message with the control.
 */
export function FormField({ label, required, badge, help, error, children }: Props) {
  const id = useId();
  const helpId = help && !error ? `${id}-help` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        {label}
        {required && (
          <span className="text-red-600" aria-hidden>
            {' '}
            *
          </span>
        )}
        {badge && <span className="ml-2 rounded bg-brand-50 px-1.5 py-0.5 text-xs text-brand-700">{badge}</span>}
      </label>
      {children({ id, 'aria-describedby': errorId ?? helpId, ...(error ? { 'aria-invalid': true } : {}) })}
      {helpId && (
        <p id={helpId} className="mt-1 text-xs text-slate-500">
          {help}
        </p>
      )}
      {errorId && (
        <p id={errorId} className="mt-1 text-sm text-red-600">
          {error}
        </p>
      )}
    </div>
  );
}
