import { Link } from 'react-router';
import { INTERVIEW_RECORDING_CONSENT } from '@app/shared';

/** The consent a recorded interview needs, shown before "Start Interview"; the caller posts it on start. */
export function RecordingConsent({ checked, onChange }: { checked: boolean; onChange: (v: boolean) => void }) {
  return (
    <label className="flex gap-3 rounded-md border border-slate-200 bg-slate-50 p-3 text-sm text-slate-700">
      <input
        type="checkbox"
        name="recording-consent"
        checked={checked}
        onChange={(e) => onChange(e.target.checked)}
        className="mt-0.5 h-4 w-4 shrink-0 accent-brand-600"
      />
      <span>
        {INTERVIEW_RECORDING_CONSENT.text}{' '}
        <Link to="/privacy" target="_blank" className="font-medium text-brand-600 hover:underline">
          Privacy notice
        </Link>
      </span>
    </label>
  );
}
