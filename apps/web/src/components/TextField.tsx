import { useId, type ReactNode } from 'react';
import { inputClass } from './form-styles';

type Props = {
  label: string;
  value: string;
  onChange?: (value: string) => void;
  onBlur?: () => void;
  type?: string;
  required?: boolean;
  readOnly?: boolean;
  placeholder?: string;
  /** A small badge after the label, e.g. "prefilled". */
  badge?: string;
  /** Help text under the field. */
  help?: ReactNode;
  multiline?: boolean;
  rows?: number;
  autoComplete?: string;
  name?: string;
};

/** A labelled input or textarea; the label is wired to the control for screen readers and tests. */
export function TextField({
  label,
  value,
  onChange,
  onBlur,
  type = 'text',
  required,
  readOnly,
  placeholder,
  badge,
  help,
  multiline,
  rows = 4,
  autoComplete,
  name,
}: Props) {
  const id = useId();
  const helpId = help ? `${id}-help` : undefined;
  const common = {
    id,
    name,
    value,
    readOnly,
    placeholder,
    required,
    autoComplete,
    'aria-describedby': helpId,
    onChange: (e: { target: { value: string } }) => onChange?.(e.target.value),
    onBlur,
    className: inputClass,
  };
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
      {multiline ? <textarea rows={rows} {...common} /> : <input type={type} {...common} />}
      {help && (
        <p id={helpId} className="mt-1 text-xs text-slate-500">
          {help}
        </p>
      )}
    </div>
  );
}
