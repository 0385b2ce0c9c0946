import { useState } from 'react';
import { primaryButtonClass, secondaryButtonClass } from '../../../components/form-styles';

/**
 * A secret the server shows once (a webhook's signing secret, an API key): in full, with a copy
 * button, until the provider dismisses it. It is never fetched again, so the page says so.
 */
export function ShownOnce({ label, value, onDone }: { label: string; value: string; onDone: () => void }) {
  const [copied, setCopied] = useState(false);
  return (
    <div role="status" className="space-y-2 rounded-md border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900">
      <p className="font-medium">{label}: copy it now. It is shown only this once.</p>
      <code aria-label={label} className="block break-all rounded bg-white px-2 py-1 font-mono text-xs text-slate-900">
        {value}
      </code>
      <div className="flex gap-2">
        <button
          type="button"
          className={secondaryButtonClass}
          onClick={() => {
            void navigator.clipboard?.writeText(value).then(() => setCopied(true));
          }}
        >
          {copied ? 'Copied' : 'Copy'}
        </button>
        <button type="button" className={secondaryButtonClass} onClick={onDone}>
          I have saved it
        </button>
      </div>
    </div>
  );
}

/** A group of checkboxes over a fixed list of options (events, scopes). */
export function CheckboxGroup({
  legend,
  options,
  value,
  onChange,
}: {
  legend: string;
  options: readonly string[];
  value: string[];
  onChange: (next: string[]) => void;
}) {
  return (
    <fieldset>
      <legend className="mb-1 text-sm font-medium text-slate-700">{legend}</legend>
      <div className="grid gap-1 sm:grid-cols-2">
        {options.map((option) => (
          <label key={option} className="flex items-center gap-2 text-sm text-slate-700">
            <input
              type="checkbox"
              className="h-4 w-4 rounded border-slate-300"
              checked={value.includes(option)}
              onChange={(e) => onChange(e.target.checked ? [...value, option] : value.filter((v) => v !== option))}
            />
            <code className="text-xs">{option}</code>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/**
 * Which row of a list is asking "remove it?" (one at a time), as the props of its ConfirmRemove;
 * `remove` is the mutation's `mutate`, and the question closes once the removal succeeds.
 */
export function useAskFirst(remove: (id: string, options: { onSuccess: () => void }) => void) {
  const [asking, setAsking] = useState<string | null>(null);
  return (id: string) => ({
    confirming: asking === id,
    onAsk: () => setAsking(id),
    onCancel: () => setAsking(null),
    onConfirm: () => remove(id, { onSuccess: () => setAsking(null) }),
  });
}

/**
 * A removal that asks first: "Revoke" turns into "Revoke it" and "Keep" beside it, so a slip of the
 * hand on a list of keys or endpoints never removes one.
 */
export function ConfirmRemove({
  verb,
  gerund,
  name,
  confirming,
  onAsk,
  onCancel,
  onConfirm,
}: {
  /** "Revoke", "Delete". */
  verb: string;
  /** "revoking", "deleting": for the confirm button's accessible name. */
  gerund: string;
  /** What is removed, as the list names it. */
  name: string;
  confirming: boolean;
  onAsk: () => void;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  if (!confirming) {
    return (
      <button type="button" className={secondaryButtonClass} aria-label={`${verb} ${name}`} onClick={onAsk}>
        {verb}
      </button>
    );
  }
  return (
    <>
      <button type="button" className={primaryButtonClass} aria-label={`Confirm ${gerund} ${name}`} onClick={onConfirm}>
        {verb} it
      </button>
      <button type="button" className={secondaryButtonClass} onClick={onCancel}>
        Keep
      </button>
    </>
  );
}
