import type { InputHTMLAttributes, ReactNode } from 'react';
import { inputClass, labelClass } from './form-styles';

type Props = Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value'> & {
  label: string;
  /** Without value and onChange the input keeps what is typed itself (read from the form on submit). */
  value?: string;
  onChange?: (value: string) => void;
  /** A short line under the control, inside the label (e.g. the password rule). */
  hint?: ReactNode;
  labelClassName?: string;
  inputClassName?: string;
};

/** An input inside its label (the label names it without ids), as the sign-in and account forms use. */
export function LabelledInput({
  label,
  onChange,
  hint,
  labelClassName = labelClass,
  inputClassName = inputClass,
  ...input
}: Props) {
  return (
    <label className={labelClassName}>
      {label}
      <input {...input} onChange={onChange && ((e) => onChange(e.target.value))} className={inputClassName} />
      {hint && <span className="mt-1 block text-xs font-normal text-slate-500">{hint}</span>}
    </label>
  );
}
