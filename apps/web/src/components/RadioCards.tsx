import type { ReactNode } from 'react';

type Option<V extends string> = { value: V; label: ReactNode; help?: ReactNode };

/**
 * One choice from a few, as a fieldset of bordered cards (a radio and its label, with an optional
 * line of help the radio is described by); the chosen card is highlighted.
 */
export function RadioCards<V extends string>({
  legend,
  name,
  options,
  value,
  onChange,
  gridClassName = 'grid gap-2',
}: {
  legend: ReactNode;
  /** The radios' name; also the prefix of each help line's id. */
  name: string;
  options: readonly Option<V>[];
  value: V | '';
  onChange: (value: V) => void;
  gridClassName?: string;
}) {
  return (
    <fieldset>
      <legend className="text-sm font-medium text-slate-700">{legend}</legend>
      <div className={`mt-2 ${gridClassName}`}>
        {options.map((o) => (
          <label
            key={o.value}
            className={`flex cursor-pointer items-start gap-3 rounded-lg border px-4 py-3 text-sm ${
              value === o.value ? 'border-brand-500 bg-brand-50 text-brand-700' : 'border-slate-200 hover:bg-slate-50'
            }`}
          >
            <input
              type="radio"
              name={name}
              value={o.value}
              checked={value === o.value}
              onChange={() => onChange(o.value)}
              aria-describedby={o.help ? `${name}-${o.value}` : undefined}
              className="mt-0.5 h-4 w-4 accent-brand-600"
            />
            {o.help ? (
              <span>
                <span className="font-medium text-slate-900">{o.label}</span>
                <span id={`${name}-${o.value}`} className="block text-xs text-slate-500">
                  {o.help}
                </span>
              </span>
            ) : (
              o.label
            )}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
