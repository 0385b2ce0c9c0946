import { useState, type ReactNode } from 'react';
import { Pencil } from 'lucide-react';
import { ErrorBanner } from '../../../components/ErrorBanner';
import { cardClass, primaryButtonClass, secondaryButtonClass } from '../../../components/form-styles';

type Props<T> = {
  title: string;
  /** The stored value this card shows and edits. */
  value: T;
  view: (value: T) => ReactNode;
  edit: (draft: T, setDraft: (next: T) => void) => ReactNode;
  /** Saves the whole profile with this card's draft; rejects with a message to show. */
  onSave: (draft: T) => Promise<void>;
  className?: string;
};

/** A profile card with its own Edit/Save toggle and its own draft (docs/product/screens/profile.md). */
export function ProfileCard<T>({ title, value, view, edit, onSave, className }: Props<T>) {
  const [draft, setDraft] = useState<T | null>(null);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const editing = draft !== null;
  const headingId = `card-${title.toLowerCase().replace(/\s+/g, '-')}`;

  const save = async () => {
    if (draft === null) return;
    setSaving(true);
    setError(null);
    try {
      await onSave(draft);
      setDraft(null);
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
    } finally {
      setSaving(false);
    }
  };

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
              setDraft(value);
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
        <form
          onSubmit={(e) => {
            e.preventDefault();
            void save();
          }}
          className="space-y-4"
        >
          {edit(draft, setDraft)}
          <ErrorBanner message={error} />
          <div className="flex justify-end gap-2">
            <button type="button" onClick={() => setDraft(null)} disabled={saving} className={secondaryButtonClass}>
              Cancel
            </button>
            <button type="submit" disabled={saving} aria-label={`Save ${title}`} className={primaryButtonClass}>
              {saving ? 'Saving...' : 'Save'}
            </button>
          </div>
        </form>
      ) : (
        view(value)
      )}
    </section>
  );
}
