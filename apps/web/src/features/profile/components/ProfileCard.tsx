import { useState, type ReactNode } from 'react';
import { Pencil } from 'lucide-react';
import { useController, type DefaultValues, type Path } from 'react-hook-form';
import { z } from 'zod';
import { profileCompleteRequestSchema, type ProfileCompletePayload } from '@app/shared';
import { ErrorBanner } from '../../../components/ErrorBanner';
import { cardClass, primaryButtonClass, secondaryButtonClass } from '../../../components/form-styles';
import { payloadErrorLine, useSchemaForm } from '../../../lib/schema-form';

type Props<T> = {
  title: string;
  /** The stored value this card shows and edits. */
  value: T;
  view: (value: T) => ReactNode;
  /** Shown instead of the view while the value is empty (no text, no entries). */
  empty?: string;
  edit: (draft: T, setDraft: (next: T) => void) => ReactNode;
  /** The whole profile as it would be saved with this card's draft. */
  payload: (draft: T) => ProfileCompletePayload;
  /** Saves that profile; rejects with a message to show. */
  onSave: (payload: ProfileCompletePayload) => Promise<void>;
  className?: string;
};

type DraftForm<T> = { draft: T };

const isEmpty = (value: unknown) => value === '' || (Array.isArray(value) && value.length === 0);

/**
 * A profile card with its own Edit/Save toggle and its own draft (docs/product/screens/profile.md). The
 * draft is checked by the server's profile schema on the payload it would become, so a rule broken in
 * the browser reads as the server's answer would.
 */
export function ProfileCard<T>({ title, value, view, empty, edit, payload, onSave, className }: Props<T>) {
  const schema = z
    .custom<DraftForm<T>>()
    .transform(({ draft }) => payload(draft))
    .pipe(profileCompleteRequestSchema);
  const { control, handleSubmit, reset, formState } = useSchemaForm<DraftForm<T>>(schema, {
    draft: value,
  } as DefaultValues<DraftForm<T>>);
  const { field } = useController({ control, name: 'draft' as Path<DraftForm<T>> });
  const [editing, setEditing] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const saving = formState.isSubmitting;
  const headingId = `card-${title.toLowerCase().replace(/\s+/g, '-')}`;

  const save = handleSubmit(
    async ({ draft }) => {
      setError(null);
      try {
        await onSave(payload(draft));
        setEditing(false);
      } catch (err) {
        setError(err instanceof Error ? err.message : String(err));
      }
    },
    (errors) => setError(payloadErrorLine(errors)),
  );

  return (
    <section aria-labelledby={headingId} className={`${cardClass} ${className ?? ''}`}>
      <div className="mb-4 flex items-center justify-between gap-3">
        <h2 id={headingId} className="text-base font-semibold text-slate-900">
          {title}
        </h2>
        {!editing && (
          <button
            type="button"
            onClick={() => {
              setError(null);
              reset({ draft: value } as DefaultValues<DraftForm<T>>);
              setEditing(true);
            }}
            aria-label={`Edit ${title}`}
            className="inline-flex items-center gap-1 rounded-md px-2 py-1 text-sm font-medium text-brand-600 hover:bg-brand-50"
          >
            <Pencil className="h-3.5 w-3.5" aria-hidden />
            Edit
          </button>
        )}
      </div>
      {editing ? (
        <form onSubmit={(e) => void save(e)} className="space-y-4">
          {edit(field.value as T, field.onChange)}
          <ErrorBanner message={error} />
          <div className="flex justify-end gap-2">
            <button type="button" onClick={() => setEditing(false)} disabled={saving} className={secondaryButtonClass}>
              Cancel
            </button>
            <button type="submit" disabled={saving} aria-label={`Save ${title}`} className={primaryButtonClass}>
              {saving ? 'Saving...' : 'Save'}
            </button>
          </div>
        </form>
      ) : empty && isEmpty(value) ? (
        <p className="text-sm text-slate-500">{empty}</p>
      ) : (
        view(value)
      )}
    </section>
  );
}
