import { useId } from 'react';
import { Plus, Trash2 } from 'lucide-react';
import { inputClass } from './form-styles';

export type ListField = { key: string; label: string; placeholder?: string; multiline?: boolean; type?: string };

/** The fields of each list of docs/product/rules.md ("List entries"). */
export const LIST_FIELDS = {
  education: [
    { key: 'school', label: 'School' },
    { key: 'degree', label: 'Degree' },
    { key: 'field', label: 'Field of study' },
    { key: 'year', label: 'Year' },
  ],
  workExperience: [
    { key: 'company', label: 'Company' },
    { key: 'title', label: 'Title' },
    { key: 'startDate', label: 'Start date', placeholder: 'e.g. 2021-03' },
    { key: 'endDate', label: 'End date', placeholder: 'e.g. 2023-06 or Present' },
    { key: 'description', label: 'Description', multiline: true },
  ],
  projects: [
    { key: 'name', label: 'Project name' },
    { key: 'url', label: 'URL (optional)', type: 'url' },
    { key: 'description', label: 'Description', multiline: true },
  ],
  publications: [
    { key: 'title', label: 'Title' },
    { key: 'publisher', label: 'Publisher' },
    { key: 'year', label: 'Year' },
    { key: 'url', label: 'URL (optional)', type: 'url' },
  ],
  certifications: [
    { key: 'name', label: 'Certification name' },
    { key: 'issuer', label: 'Issuer' },
    { key: 'year', label: 'Year' },
  ],
} satisfies Record<string, ListField[]>;

/**
 * The list parts of a profile, in the order onboarding and the profile page show them: `key` names
 * the list in LIST_FIELDS and the onboarding form, `stored` in the saved profile.
 */
export const PROFILE_LISTS = [
  { title: 'Education', noun: 'education', key: 'education', stored: 'education' },
  { title: 'Work Experience', noun: 'work experience', key: 'workExperience', stored: 'work_experience' },
  { title: 'Projects', noun: 'project', key: 'projects', stored: 'projects' },
  { title: 'Publications', noun: 'publication', key: 'publications', stored: 'publications' },
  { title: 'Certifications', noun: 'certification', key: 'certifications', stored: 'certifications' },
] as const;

type Entry = Record<string, string | undefined>;

type Props<T extends Entry> = {
  /** Singular noun for the buttons, e.g. "education" → "Add education". */
  noun: string;
  fields: ListField[];
  entries: T[];
  onChange: (entries: T[]) => void;
};

/** Edits a list of entries (education, work experience, ...): add, edit each field, remove. */
export function ListEditor<T extends Entry>({ noun, fields, entries, onChange }: Props<T>) {
  const id = useId();
  const update = (index: number, key: string, value: string) =>
    onChange(entries.map((e, i) => (i === index ? { ...e, [key]: value } : e)));
  const add = () => onChange([...entries, Object.fromEntries(fields.map((f) => [f.key, ''])) as T]);
  const remove = (index: number) => onChange(entries.filter((_, i) => i !== index));

  return (
    <div className="space-y-3">
      {entries.map((entry, index) => (
        <fieldset key={index} className="rounded-lg border border-slate-200 bg-slate-50/60 p-3">
          <legend className="sr-only">
            {noun} {index + 1}
          </legend>
          <div className="grid gap-3 sm:grid-cols-2">
            {fields.map((f) => {
              const fieldId = `${id}-${index}-${f.key}`;
              return (
                <div key={f.key} className={f.multiline ? 'sm:col-span-2' : undefined}>
                  <label htmlFor={fieldId} className="block text-xs font-medium text-slate-600">
                    {f.label}
                  </label>
                  {f.multiline ? (
                    <textarea
                      id={fieldId}
                      rows={2}
                      value={entry[f.key] ?? ''}
                      placeholder={f.placeholder}
                      onChange={(e) => update(index, f.key, e.target.value)}
                      className={inputClass}
                    />
                  ) : (
                    <input
                      id={fieldId}
                      type={f.type ?? 'text'}
                      value={entry[f.key] ?? ''}
                      placeholder={f.placeholder}
                      onChange={(e) => update(index, f.key, e.target.value)}
                      className={inputClass}
                    />
                  )}
                </div>
              );
            })}
          </div>
          <div className="mt-2 flex justify-end">
            <button
              type="button"
              onClick={() => remove(index)}
              className="inline-flex items-center gap-1 text-xs font-medium text-red-600 hover:underline"
            >
              <Trash2 className="h-3.5 w-3.5" aria-hidden />
              Remove {noun} {index + 1}
            </button>
          </div>
        </fieldset>
      ))}
      <button
        type="button"
        onClick={add}
        className="inline-flex items-center gap-1 text-sm font-medium text-brand-600 hover:underline"
      >
        <Plus className="h-4 w-4" aria-hidden />
        Add {noun}
      </button>
    </div>
  );
}
