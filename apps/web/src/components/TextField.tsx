import type { ReactNode } from 'react';
import { FormField } from './FormField';
import { inputClass } from './form-styles';

type Props = {
  label: string;
  value: string;
  onChange?: (value: string) => void;
  onBlur?: () => void;
  type?: string;
  required?: boolean;
  readOnly?: boolean;
  disabled?: boolean;
  placeholder?: string;
  /** A small badge after the label, e.g. "prefilled". */
  badge?: string;
  /** Help text under the field. */
  help?: ReactNode;
  /** The field's validation message (marks the control invalid). */
  error?: string;
  multiline?: boolean;
  rows?: number;
  autoComplete?: string;
  inputMode?: 'decimal' | 'numeric' | 'text';
  name?: string;
  maxLength?: number;
  /** Classes added to the control's own look (e.g. a taller, monospaced text area). */
  className?: string;
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
  disabled,
  placeholder,
  badge,
  help,
  error,
  multiline,
  rows = 4,
  autoComplete,
  inputMode,
  name,
  maxLength,
  className,
}: Props) {
  return (
    <FormField label={label} required={required} badge={badge} help={help} error={error}>
      {(control) => {
        const common = {
          ...control,
          name,
          value,
          readOnly,
          disabled,
          placeholder,
          required,
          autoComplete,
          maxLength,
          onChange: (e: { target: { value: string } }) => onChange?.(e.target.value),
          onBlur,
          className: className ? `${inputClass} ${className}` : inputClass,
        };
        return multiline ? (
          <textarea rows={rows} {...common} />
        ) : (
          <input type={type} inputMode={inputMode} {...common} />
        );
      }}
    </FormField>
  );
}
