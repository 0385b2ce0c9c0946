import { useEffect, useState } from 'react';
import {
  RACE_ETHNICITY_CATEGORIES,
  RACE_ETHNICITY_LABELS,
  SELF_IDENTIFICATION_PURPOSE,
  SEX_CATEGORIES,
  SEX_LABELS,
  type RaceEthnicityCategory,
  type SexCategory,
} from '@app/shared';
import { useSaveSelfIdentification, useSelfIdentification } from '../api/self-identification';
import { describeError } from '../../../lib/describe-error';
import { ErrorBanner } from '../../../components/ErrorBanner';
import { inputClass, labelClass, primaryButtonClass, secondaryButtonClass } from '../../../components/form-styles';

/**
 * The voluntary self-identification (EEO-1 categories), offered after sign-up and in the profile:
 * clearly optional, stored apart from applications, removable at any time.
 */
export function SelfIdentificationForm({ onDone }: { onDone?: () => void }) {
  const current = useSelfIdentification();
  const save = useSaveSelfIdentification();
  const [sex, setSex] = useState<SexCategory | ''>('');
  const [race, setRace] = useState<RaceEthnicityCategory | ''>('');
  const [saved, setSaved] = useState<string | null>(null);

  useEffect(() => {
    if (current.data) {
      setSex(current.data.sex);
      setRace(current.data.race_ethnicity);
    }
  }, [current.data]);

  const submit = async (input: Parameters<typeof save.mutateAsync>[0]) => {
    setSaved(null);
    await save.mutateAsync(input);
    if (!input) {
      setSex('');
      setRace('');
    }
    setSaved(input ? 'Saved. Thank you.' : 'Removed.');
    onDone?.();
  };

  return (
    // A group, not a form: it also sits inside the onboarding wizard's form, which it must never submit.
    <div role="group" aria-label="Voluntary self-identification" className="space-y-4">
      <p className="text-sm text-slate-600">{SELF_IDENTIFICATION_PURPOSE}</p>
      <div className="grid gap-4 sm:grid-cols-2">
        <label className={labelClass}>
          Sex
          <select className={inputClass} value={sex} onChange={(e) => setSex(e.target.value as SexCategory)}>
            <option value="">Choose...</option>
            {SEX_CATEGORIES.map((c) => (
              <option key={c} value={c}>
                {SEX_LABELS[c]}
              </option>
            ))}
          </select>
        </label>
        <label className={labelClass}>
          Race / ethnicity
          <select
            className={inputClass}
            value={race}
            onChange={(e) => setRace(e.target.value as RaceEthnicityCategory)}
          >
            <option value="">Choose...</option>
            {RACE_ETHNICITY_CATEGORIES.map((c) => (
              <option key={c} value={c}>
                {RACE_ETHNICITY_LABELS[c]}
              </option>
            ))}
          </select>
        </label>
      </div>
      <ErrorBanner message={save.error ? describeError(save.error, 'Could not save your answer.') : null} />
      {saved && (
        <p role="status" className="text-sm text-green-700">
          {saved}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <button
          type="button"
          className={primaryButtonClass}
          disabled={!sex || !race || save.isPending}
          onClick={() => sex && race && void submit({ sex, race_ethnicity: race }).catch(() => undefined)}
        >
          Save my answer
        </button>
        {current.data && (
          <button
            type="button"
            className={secondaryButtonClass}
            disabled={save.isPending}
            onClick={() => void submit(null).catch(() => undefined)}
          >
            Remove my answer
          </button>
        )}
      </div>
    </div>
  );
}
