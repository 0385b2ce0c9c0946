import { useId, useState } from 'react';
import { Plus, X } from 'lucide-react';
import { addExpertise } from '@app/shared';
import { inputClass } from './form-styles';

type Props = {
  label: string;
  /** The chips, in order. */
  value: string[];
  onChange: (value: string[]) => void;
  placeholder?: string;
  required?: boolean;
  /** A small badge after the label, e.g. "prefilled". */
  badge?: string;
};

/**
 * A list of short strings (expertise, skills) edited as chips: Enter or the plus button adds the trimmed
 * value, empty and duplicate values are ignored, each chip has a remove button.
 */
export function ChipsInput({ label, value: values, onChange, placeholder = 'Add skill...', required, badge }: Props) {
  const id = useId();
  const [draft, setDraft] = useState('');
  const add = () => {
    onChange(addExpertise(values, draft));
    setDraft('');
  };
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        {label}
        {required && <span className="text-red-600"> *</span>}
        {badge && <span className="ml-2 rounded bg-brand-50 px-1.5 py-0.5 text-xs text-brand-700">{badge}</span>}
      </label>
      <div className="mt-1 flex gap-2">
        <input
          id={id}
          type="text"
          value={draft}
          placeholder={placeholder}
          onChange={(e) => setDraft(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              add();
            }
          }}
          className={`${inputClass} mt-0`}
        />
        <button
          type="button"
          onClick={add}
          aria-label={`Add ${label.toLowerCase()}`}
          className="inline-flex shrink-0 items-center rounded-md border border-slate-300 bg-white px-3 text-slate-700 hover:bg-slate-50"
        >
          <Plus className="h-4 w-4" aria-hidden />
        </button>
      </div>
      {values.length > 0 && (
        <ul className="mt-2 flex flex-wrap gap-2" aria-label={label}>
          {values.map((v) => (
            <li
              key={v}
              className="inline-flex items-center gap-1 rounded-full bg-brand-50 py-1 pr-1 pl-3 text-sm text-brand-700"
            >
              {v}
              <button
                type="button"
                onClick={() => onChange(values.filter((x) => x !== v))}
                aria-label={`Remove ${v}`}
                className="rounded-full p-0.5 hover:bg-brand-100"
              >
                <X className="h-3.5 w-3.5" aria-hidden />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
