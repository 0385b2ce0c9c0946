import { MAX_RATING, QUALITY_RATING_LABELS } from '@app/shared';

type Props = { value: number; onChange: (v: number) => void; disabled?: boolean };

/**
 * 'Creative Rating': one control, the buttons 1-5 with the label of each value (0 means not rated
 * yet). No slider beside them: a slider starting at 0 offered a second, unequal control (issue 34,
 * decision 0185).
 */
export function RatingInput({ value, onChange, disabled = false }: Props) {
  const values = Array.from({ length: MAX_RATING }, (_, i) => i + 1);
  return (
    <fieldset disabled={disabled}>
      <legend className="font-semibold text-slate-900">Creative Rating</legend>
      <p className="mt-1 text-sm text-slate-600" data-testid="rating-value" aria-live="polite">
        {value ? `${value} - ${QUALITY_RATING_LABELS[value]}` : 'Not rated yet'}
      </p>
      <div className="mt-3 grid grid-cols-5 gap-2">
        {values.map((v) => (
          <button
            key={v}
            type="button"
            onClick={() => onChange(v)}
            aria-pressed={value === v}
            aria-label={`${v} - ${QUALITY_RATING_LABELS[v]}`}
            className={`rounded-md border py-2 text-sm font-semibold ${
              value === v
                ? 'border-brand-600 bg-brand-600 text-white'
                : 'border-slate-300 bg-white text-slate-700 hover:border-slate-400'
            }`}
          >
            {v}
          </button>
        ))}
      </div>
      <ul className="mt-3 space-y-1 text-xs text-slate-600">
        {values.map((v) => (
          <li key={v} className={value === v ? 'font-semibold text-brand-700' : ''}>
            {v} {QUALITY_RATING_LABELS[v]}
          </li>
        ))}
      </ul>
    </fieldset>
  );
}
