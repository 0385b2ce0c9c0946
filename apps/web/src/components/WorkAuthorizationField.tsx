import { WORK_AUTHORIZATION_OPTIONS, type WorkAuthorization } from '@app/shared';

type Props = {
  value: WorkAuthorization | '';
  onChange: (value: WorkAuthorization) => void;
  legend?: string;
};

/** The work authorization choice (docs/product/rules.md) as a labelled radio group. */
export function WorkAuthorizationField({ value, onChange, legend = 'Work authorization status' }: Props) {
  return (
    <fieldset>
      <legend className="text-sm font-medium text-slate-700">
        {legend}
        <span className="text-red-600"> *</span>
      </legend>
      <div className="mt-2 grid gap-2">
        {WORK_AUTHORIZATION_OPTIONS.map((o) => (
          <label
            key={o.value}
            className={`flex cursor-pointer items-center gap-3 rounded-lg border px-4 py-3 text-sm ${
              value === o.value ? 'border-brand-500 bg-brand-50 text-brand-700' : 'border-slate-200 hover:bg-slate-50'
            }`}
          >
            <input
              type="radio"
              name="work_authorization"
              value={o.value}
              checked={value === o.value}
              onChange={() => onChange(o.value)}
              className="h-4 w-4 accent-brand-600"
            />
            {o.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
