import { inputClass } from '../../../components/form-styles';

type Props = {
  label: string;
  value: string;
  onChange: (value: string) => void;
  className?: string;
};

/**
 * The reason a provider gives for a money decision (a dispute's outcome, a payout the bank returned):
 * required, 3-1000 characters, the same bounds the server enforces, so the browser says so first.
 */
export function ReasonInput({ label, value, onChange, className = 'text-xs text-slate-600' }: Props) {
  return (
    <label className={className}>
      {label}
      <input
        className={inputClass}
        value={value}
        minLength={3}
        maxLength={1000}
        required
        onChange={(e) => onChange(e.target.value)}
      />
    </label>
  );
}
