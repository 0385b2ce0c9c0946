import { Link } from 'react-router';
import { useController, type Control } from 'react-hook-form';
import { WORK_SAMPLE_MAX_COUNT, WORK_SAMPLE_MAX_SECONDS, WORK_SAMPLE_MIN_SECONDS } from '@app/shared';
import { FormField } from '../../../components/FormField';
import { inputClass } from '../../../components/form-styles';
import type { JobFormValues } from './lib/job-form';

type JobControl = Control<JobFormValues>;

/** A number input bound to one work-sample value; its text is kept as typed so it can be cleared. */
function NumberField({
  control,
  name,
  label,
  help,
  min,
  max,
}: {
  control: JobControl;
  name: 'work_sample_count' | 'work_sample_seconds';
  label: string;
  help: string;
  min: number;
  max: number;
}) {
  const { field, fieldState } = useController({ control, name });
  return (
    <FormField label={label} help={help} error={fieldState.error?.message}>
      {(props) => (
        <input
          {...props}
          name={field.name}
          ref={field.ref}
          type="number"
          inputMode="numeric"
          min={min}
          max={max}
          step={1}
          className={`${inputClass} max-w-32`}
          value={field.value}
          onChange={(e) => field.onChange(e.target.value)}
          onBlur={field.onBlur}
        />
      )}
    </FormField>
  );
}

/**
 * The job's work sample (issue 46): how many of its work-sample items each candidate rates at the
 * end of the interview, and the time allowed for each. The server refuses a count above the pool's
 * size; that message shows under the count like any other field message.
 */
export function WorkSampleFields({ control, jobId }: { control: JobControl; jobId: string | undefined }) {
  return (
    <fieldset className="space-y-3 rounded-md border border-slate-200 p-3">
      <legend className="px-1 text-sm font-medium text-slate-700">Work sample</legend>
      <p className="text-sm text-slate-500">
        Candidates rate this many of the job&apos;s work-sample items at the end of the interview, thinking aloud. 0
        turns it off.
        {jobId && (
          <>
            {' '}
            <Link to={`/admin/tasks?job_id=${jobId}`} className="text-brand-700 hover:underline">
              Add or retire work-sample items
            </Link>
          </>
        )}
      </p>
      <div className="grid gap-4 sm:grid-cols-2">
        <NumberField
          control={control}
          name="work_sample_count"
          label="Items per candidate"
          help={`0 to ${WORK_SAMPLE_MAX_COUNT}; the job needs at least this many work-sample items.`}
          min={0}
          max={WORK_SAMPLE_MAX_COUNT}
        />
        <NumberField
          control={control}
          name="work_sample_seconds"
          label="Seconds per item"
          help={`${WORK_SAMPLE_MIN_SECONDS} to ${WORK_SAMPLE_MAX_SECONDS}; a rating after this is kept and marked late.`}
          min={WORK_SAMPLE_MIN_SECONDS}
          max={WORK_SAMPLE_MAX_SECONDS}
        />
      </div>
    </fieldset>
  );
}
