import { useEffect, useRef, type ComponentProps } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { Plus, Trash2 } from 'lucide-react';
import { useController, useForm, useWatch, type Control, type Path } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { INTERVIEW_TYPES, JOB_STATUSES, type Job } from '@app/shared';
import { ErrorBanner } from '../../../components/ErrorBanner';
import { FormField } from '../../../components/FormField';
import { Spinner } from '../../../components/Spinner';
import { TextField } from '../../../components/TextField';
import { cardClass, inputClass, primaryButtonClass, secondaryButtonClass } from '../../../components/form-styles';
import { describeError } from '../../../lib/describe-error';
import { useJob } from '../../../api/admin/jobs';
import { useSaveJob } from './api/save-job';
import {
  EMPTY_JOB_FORM,
  countFieldErrors,
  jobFormSchema,
  jobFormValues,
  jobPayload,
  serverFieldErrors,
  type JobFormValues,
} from './lib/job-form';
import { PageHeader, titleCase } from '../../../components/console-ui';
import { BlindReviewField, ShareFeedbackField } from './ShareFeedbackField';
import { WorkSampleFields } from './WorkSampleFields';

const INTERVIEW_TYPE_LABELS: Record<Job['interview_type'], string> = {
  standard: 'Standard',
  human_data: 'Human data',
  custom_questions: 'Custom questions',
  custom_exercise: 'Custom exercise',
};

type JobControl = Control<JobFormValues>;

/** The shared text field bound to one form value, with that value's message. */
function JobTextField({
  control,
  name,
  ...props
}: { control: JobControl; name: Path<JobFormValues> } & Omit<ComponentProps<typeof TextField>, 'value'>) {
  const { field, fieldState } = useController({ control, name });
  return (
    <TextField
      {...props}
      value={String(field.value ?? '')}
      onChange={field.onChange}
      onBlur={field.onBlur}
      error={fieldState.error?.message}
    />
  );
}

function JobSelectField<T extends string>({
  control,
  name,
  label,
  options,
  optionLabel,
}: {
  control: JobControl;
  name: 'status' | 'interview_type';
  label: string;
  options: readonly T[];
  optionLabel: (option: T) => string;
}) {
  const { field, fieldState } = useController({ control, name });
  return (
    <FormField label={label} error={fieldState.error?.message}>
      {(controlProps) => (
        <select
          {...controlProps}
          className={inputClass}
          value={field.value}
          onChange={(e) => field.onChange(e.target.value)}
          onBlur={field.onBlur}
        >
          {options.map((o) => (
            <option key={o} value={o}>
              {optionLabel(o)}
            </option>
          ))}
        </select>
      )}
    </FormField>
  );
}

const withoutIndex = <T,>(items: T[], index: number) => items.filter((_, j) => j !== index);

function RemoveButton({ label, className = '', onClick }: { label: string; className?: string; onClick: () => void }) {
  return (
    <button type="button" className={`${secondaryButtonClass} ${className}`} aria-label={label} onClick={onClick}>
      <Trash2 className="h-4 w-4" aria-hidden />
    </button>
  );
}

/** Create (/admin/jobs/new) or edit (/admin/jobs/{id}/edit) every field of a job. */
export function JobFormPage() {
  const { jobId } = useParams();
  const job = useJob(jobId);
  if (jobId && job.isLoading) return <Spinner label="Loading job..." />;
  if (jobId && job.error) return <ErrorBanner message={describeError(job.error, 'Job not found')} />;
  // The form is made with the job's values, so it never shows a new job's defaults before them.
  return <JobForm key={jobId ?? 'new'} jobId={jobId} initial={job.data ? jobFormValues(job.data) : EMPTY_JOB_FORM} />;
}

function JobForm({ jobId, initial }: { jobId: string | undefined; initial: JobFormValues }) {
  const save = useSaveJob(jobId);
  const navigate = useNavigate();
  const { control, handleSubmit, setValue, setError, clearErrors, trigger, watch, formState } = useForm<JobFormValues>({
    defaultValues: initial,
    // `raw`: the payload is built from the values as typed (the server trims), not the parsed copy.
    resolver: zodResolver(jobFormSchema, undefined, { raw: true }),
    // Re-checking is done below for the whole form, so every message follows each edit.
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  const submitted = useRef(false);
  const skills = useWatch({ control, name: 'skills' });
  const questions = useWatch({ control, name: 'custom_questions' });

  // After a first submit, the messages follow the edits (server messages included, which an edit clears).
  useEffect(() => {
    const subscription = watch(() => {
      if (submitted.current) void trigger();
    });
    return () => subscription.unsubscribe();
  }, [watch, trigger]);

  const onValid = async (values: JobFormValues) => {
    try {
      await save.mutateAsync(jobPayload(values));
      navigate('/admin/jobs');
    } catch (err) {
      const fromServer = serverFieldErrors(err);
      if (!fromServer) return;
      clearErrors();
      for (const [path, message] of Object.entries(fromServer)) {
        setError(path as Path<JobFormValues>, { type: 'server', message });
      }
    }
  };

  const errorCount = countFieldErrors(formState.errors);
  const listChange = { shouldDirty: true } as const;

  return (
    <>
      <PageHeader title={jobId ? 'Edit job' : 'New job'}>
        {jobId && (
          <Link to={`/admin/jobs/${jobId}/funnel`} className={secondaryButtonClass}>
            Funnel and satisfaction
          </Link>
        )}
      </PageHeader>
      <form
        onSubmit={(e) => {
          submitted.current = true;
          void handleSubmit(onValid)(e);
        }}
        noValidate
        className={`${cardClass} space-y-5`}
        aria-label={jobId ? 'Edit job' : 'New job'}
      >
        <JobTextField control={control} name="title" label="Title" />
        <JobTextField control={control} name="description" label="Description" multiline rows={5} />
        <div className="grid gap-5 md:grid-cols-2">
          <JobTextField control={control} name="position_type" label="Position type" help="e.g. Part-time, Contract" />
          <JobTextField
            control={control}
            name="pay_per_hour"
            label="Pay per hour (USD)"
            inputMode="decimal"
            help="Leave empty for the default rate"
          />
          <JobSelectField
            control={control}
            name="status"
            label="Status"
            options={JOB_STATUSES}
            optionLabel={titleCase}
          />
          <JobSelectField
            control={control}
            name="interview_type"
            label="Interview type"
            options={INTERVIEW_TYPES}
            optionLabel={(t) => INTERVIEW_TYPE_LABELS[t]}
          />
        </div>
        <JobTextField
          control={control}
          name="availability"
          label="Availability"
          multiline
          rows={2}
          help="Time zones, geography, commitment"
        />
        <ShareFeedbackField control={control} />
        <BlindReviewField control={control} error={formState.errors.blind_review_share?.message} />
        <WorkSampleFields control={control} jobId={jobId} />

        <fieldset className="space-y-3">
          <legend className="text-sm font-medium text-slate-700">Skills</legend>
          {skills.length === 0 && <p className="text-sm text-slate-500">No skills yet.</p>}
          {skills.map((_, i) => (
            <div key={i} className="grid gap-3 rounded-md border border-slate-200 p-3 md:grid-cols-[1fr_2fr_auto]">
              <JobTextField control={control} name={`skills.${i}.name`} label={`Skill ${i + 1} name`} />
              <JobTextField control={control} name={`skills.${i}.description`} label={`Skill ${i + 1} description`} />
              <RemoveButton
                label={`Remove skill ${i + 1}`}
                className="self-end"
                onClick={() => setValue('skills', withoutIndex(skills, i), listChange)}
              />
            </div>
          ))}
          <button
            type="button"
            className={secondaryButtonClass}
            onClick={() => setValue('skills', [...skills, { name: '', description: '' }], listChange)}
          >
            <Plus className="h-4 w-4" aria-hidden />
            Add skill
          </button>
        </fieldset>

        <fieldset className="space-y-3">
          <legend className="text-sm font-medium text-slate-700">Interview questions</legend>
          {questions.length === 0 && <p className="text-sm text-slate-500">No custom questions.</p>}
          {questions.map((_, i) => (
            <div key={i} className="flex items-end gap-3">
              <div className="flex-1">
                <JobTextField control={control} name={`custom_questions.${i}`} label={`Question ${i + 1}`} />
              </div>
              <RemoveButton
                label={`Remove question ${i + 1}`}
                onClick={() => setValue('custom_questions', withoutIndex(questions, i), listChange)}
              />
            </div>
          ))}
          <button
            type="button"
            className={secondaryButtonClass}
            onClick={() => setValue('custom_questions', [...questions, ''], listChange)}
          >
            <Plus className="h-4 w-4" aria-hidden />
            Add question
          </button>
        </fieldset>

        {errorCount > 0 && (
          <ErrorBanner
            message={`Please fix ${errorCount === 1 ? 'the field' : `${errorCount} fields`} marked above.`}
          />
        )}
        {save.error && !serverFieldErrors(save.error) && (
          <ErrorBanner message={describeError(save.error, 'Could not save the job')} />
        )}
        <div className="flex gap-3">
          <button type="submit" className={primaryButtonClass} disabled={save.isPending}>
            {save.isPending ? 'Saving...' : jobId ? 'Save changes' : 'Create job'}
          </button>
          <Link to="/admin/jobs" className={secondaryButtonClass}>
            Cancel
          </Link>
        </div>
      </form>
    </>
  );
}
