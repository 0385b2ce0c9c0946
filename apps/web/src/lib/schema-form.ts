/**
 * Forms on react-hook-form checked by a shared zod schema (decision 0120), for the screens that show
 * one message line above their buttons rather than a message under each field.
 */
import { useForm, type DefaultValues, type FieldErrors, type FieldValues } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { describeErrorDetail } from '@app/shared';

/**
 * The form's values checked by `schema` when submitted, and only then: the message line keeps what the
 * last submit said until the next one, as it always has. `raw`: what is sent is built from the values
 * as typed (the server trims). No focus jump to a field, since the message is not under one.
 */
export function useSchemaForm<T extends FieldValues>(schema: z.ZodType<unknown, T>, defaultValues: DefaultValues<T>) {
  return useForm<T>({
    defaultValues,
    resolver: zodResolver(schema, undefined, { raw: true }),
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
}

/** Every message of a failed check, in the order the schema reported them. */
export function fieldErrorMessages(errors: FieldErrors | undefined): string[] {
  if (!errors || typeof errors !== 'object') return [];
  if (typeof (errors as { message?: unknown }).message === 'string') return [errors.message as unknown as string];
  return Object.entries(errors).flatMap(([key, value]) =>
    key === 'ref' ? [] : fieldErrorMessages(value as FieldErrors),
  );
}

/** The first message of a failed check (the one the form's line shows). */
export const firstErrorMessage = (errors: FieldErrors) => fieldErrorMessages(errors)[0] ?? null;

/**
 * A failed check of a request payload, worded as the server words the same failure (docs/product/errors.md),
 * so the line reads the same whether the browser or the server caught it.
 */
export const payloadErrorLine = (errors: FieldErrors) =>
  describeErrorDetail({ detail: fieldErrorMessages(errors).map((msg) => ({ msg })) }, 'Validation error');
