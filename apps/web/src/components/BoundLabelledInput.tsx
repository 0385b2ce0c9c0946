import { useController, type Control, type FieldValues, type Path } from 'react-hook-form';
import { LabelledInput } from './LabelledInput';
import type { ComponentProps } from 'react';

type Props<T extends FieldValues> = Omit<ComponentProps<typeof LabelledInput>, 'value' | 'onChange' | 'onBlur'> & {
  control: Control<T>;
  /** The form value this input edits (its `name` attribute stays what the page gives). */
  field: Path<T>;
};

/**
 * LabelledInput bound to one value of a react-hook-form form. Kept apart from LabelledInput so that a
 * screen with plain state (sign-in) does not load react-hook-form.
 */
export function BoundLabelledInput<T extends FieldValues>({ control, field: fieldName, ...props }: Props<T>) {
  const { field } = useController({ control, name: fieldName });
  return <LabelledInput {...props} value={String(field.value ?? '')} onChange={field.onChange} onBlur={field.onBlur} />;
}
