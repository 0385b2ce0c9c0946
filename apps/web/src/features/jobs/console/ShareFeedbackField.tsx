import type { ChangeEvent, ComponentProps } from 'react';
import { useController, type Control } from 'react-hook-form';
import type { JobFormValues } from './lib/job-form';

type JobControl = Control<JobFormValues>;

/**
 * An input bound to one value of the job form, named and identified by it: a yes/no value binds the
 * checkbox's checked state, a text value the input's text.
 */
function BoundInput({
  control,
  name,
  ...props
}: { control: JobControl; name: 'share_feedback' | 'blind_review_share' } & Omit<
  ComponentProps<'input'>,
  'id' | 'name' | 'value' | 'checked' | 'onChange' | 'onBlur' | 'ref'
>) {
  const { field } = useController({ control, name });
  const bound =
    typeof field.value === 'boolean'
      ? { checked: field.value, onChange: (e: ChangeEvent<HTMLInputElement>) => field.onChange(e.target.checked) }
      : { value: field.value, onChange: (e: ChangeEvent<HTMLInputElement>) => field.onChange(e.target.value) };
  return <input {...props} {...bound} id={name} name={field.name} onBlur={field.onBlur} ref={field.ref} />;
}

/** The job's `share_feedback` setting: candidates see their interview debrief once decided (issue 27). */
export function ShareFeedbackField({ control }: { control: JobControl }) {
  return (
    <div className="flex items-start gap-3 rounded-md border border-slate-200 p-3">
      <BoundInput
        control={control}
        name="share_feedback"
        type="checkbox"
        className="mt-1 h-4 w-4 rounded border-slate-300"
        aria-describedby="share_feedback-help"
      />
      <div>
        <label htmlFor="share_feedback" className="text-sm font-medium text-slate-700">
          Share interview feedback with candidates
        </label>
        <p id="share_feedback-help" className="text-sm text-slate-500">
          After you decide, each candidate sees a debrief of their interview: pace, filler words, the job terms they
          used and one suggestion per answer.
        </p>
      </div>
    </div>
  );
}

/** The job's `blind_review_share` as a percent: that share of interviews is scored by the reviewer before the AI's assessment shows (issue 35). */
export function BlindReviewField({ control, error }: { control: JobControl; error?: string }) {
  return (
    <div className="rounded-md border border-slate-200 p-3">
      <label htmlFor="blind_review_share" className="text-sm font-medium text-slate-700">
        Blind review (% of interviews)
      </label>
      <p id="blind_review_share-help" className="text-sm text-slate-500">
        For this share of interviews the reviewer scores the rubric before seeing the AI assessment, which measures how
        well the AI agrees with people (Oversight page).
      </p>
      <BoundInput
        control={control}
        name="blind_review_share"
        inputMode="decimal"
        className="mt-2 w-28 rounded-md border border-slate-300 px-2 py-1.5 text-sm"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? 'blind_review_share-help blind_review_share-error' : 'blind_review_share-help'}
      />
      {error && (
        <p id="blind_review_share-error" className="mt-1 text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
