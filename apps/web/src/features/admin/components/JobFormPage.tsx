import { useEffect, useId, useState, type FormEvent, type ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { Plus, Trash2 } from 'lucide-react';
import { INTERVIEW_TYPES, JOB_STATUSES, jobCreateSchema, type Job, type JobCreate } from '@app/shared';
import { ErrorBanner } from '../../../components/ErrorBanner';
import { Spinner } from '../../../components/Spinner';
import { cardClass, inputClass, primaryButtonClass, secondaryButtonClass } from '../../../components/form-styles';
import { ApiError } from '../../../lib/api-client';
import { describeError } from '../../../lib/describe-error';
import { useJob, useSaveJob } from '../api/jobs';
import { PageHeader, titleCase } from './ui';

type FormState = {
  title: string;
  description: string;
  position_type: string;
  pay_per_hour: string;
  availability: string;
  status: Job['status'];
  interview_type: Job['interview_type'];
  skills: { name: string; description: string }[];
  custom_questions: string[];
};

const EMPTY: FormState = {
  title: '',
  description: '',
  position_type: '',
  pay_per_hour: '',
  availability: '',
  status: 'active',
  interview_type: 'standard',
  skills: [],
  custom_questions: [],
};

const fromJob = (j: Job): FormState => ({
  title: j.title,
  description: j.description,
  position_type: j.position_type,
  pay_per_hour: j.pay_per_hour === null ? '' : String(j.pay_per_hour),
  availability: j.availability,
  status: j.status,
  interview_type: j.interview_type,
  skills: j.skills.map((s) => ({ name: s.name, description: s.description })),
  custom_questions: [...j.custom_questions],
});

const INTERVIEW_TYPE_LABELS: Record<Job['interview_type'], string> = {
  standard: 'Standard',
  human_data: 'Human data',
  custom_questions: 'Custom questions',
  custom_exercise: 'Custom exercise',
};

type Errors = Record<string, string>;

function toPayload(f: FormState): JobCreate {
  const pay = f.pay_per_hour.trim();
  return {
    title: f.title,
    description: f.description,
    position_type: f.position_type,
    // An empty field means "no pay set" (the marketplace then shows the default rate).
    pay_per_hour: pay === '' ? null : Number(pay),
    availability: f.availability,
    status: f.status,
    interview_type: f.interview_type,
    skills: f.skills,
    custom_questions: f.custom_questions,
  };
}

/** Field path ("skills.0.name") → message, from the shared schema or the server's 422 list. */
function validate(f: FormState): Errors {
  const parsed = jobCreateSchema.safeParse(toPayload(f));
  if (parsed.success) return {};
  const errors: Errors = {};
  for (const issue of parsed.error.issues) {
    const key = issue.path.join('.');
    errors[key] ??=
      issue.path[0] === 'pay_per_hour' && Number.isNaN(Number(f.pay_per_hour))
        ? 'Pay per hour must be a number'
        : issue.message;
  }
  return errors;
}

function serverErrors(err: unknown): Errors | null {
  if (!(err instanceof ApiError) || err.status !== 422) return null;
  const detail = (err.body as { detail?: unknown })?.detail;
  if (!Array.isArray(detail)) return null;
  const errors: Errors = {};
  for (const d of detail as { loc: (string | number)[]; msg: string }[]) {
    errors[d.loc.filter((p) => p !== 'body').join('.')] = d.msg;
  }
  return errors;
}

function Field({
  label,
  error,
  children,
  hint,
}: {
  label: string;
  error?: string;
  hint?: string;
  children: (id: string, describedBy?: string) => ReactNode;
}) {
  const id = useId();
  const describedBy = error ? `${id}-error` : hint ? `${id}-hint` : undefined;
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      {children(id, describedBy)}
      {hint && !error && (
        <p id={`${id}-hint`} className="mt-1 text-xs text-slate-500">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-600">
          {error}
        </p>
      )}
    </div>
  );
}

/** Create (/admin/jobs/new) or edit (/admin/jobs/{id}/edit) every field of a job. */
export function JobFormPage() {
  const { jobId } = useParams();
  const job = useJob(jobId);
  const save = useSaveJob(jobId);
  const navigate = useNavigate();
  const [form, setForm] = useState<FormState>(EMPTY);
  const [errors, setErrors] = useState<Errors>({});
  const [submitted, setSubmitted] = useState(false);

  useEffect(() => {
    if (job.data) setForm(fromJob(job.data));
  }, [job.data]);

  if (jobId && job.isLoading) return <Spinner label="Loading job..." />;
  if (jobId && job.error) return <ErrorBanner message={describeError(job.error, 'Job not found')} />;

  const update = (patch: Partial<FormState>) => {
    const next = { ...form, ...patch };
    setForm(next);
    // After a first submit, errors follow the edits.
    if (submitted) setErrors(validate(next));
  };

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    setSubmitted(true);
    const found = validate(form);
    setErrors(found);
    if (Object.keys(found).length) return;
    try {
      await save.mutateAsync(toPayload(form));
      navigate('/admin/jobs');
    } catch (err) {
      const fromServer = serverErrors(err);
      if (fromServer) setErrors(fromServer);
    }
  };

  const err = (k: string) => errors[k];
  const errorCount = Object.keys(errors).length;

  return (
    <>
      <PageHeader title={jobId ? 'Edit job' : 'New job'} />
      <form
        onSubmit={onSubmit}
        noValidate
        className={`${cardClass} space-y-5`}
        aria-label={jobId ? 'Edit job' : 'New job'}
      >
        <Field label="Title" error={err('title')}>
          {(id, d) => (
            <input
              id={id}
              aria-describedby={d}
              aria-invalid={Boolean(err('title'))}
              className={inputClass}
              value={form.title}
              onChange={(e) => update({ title: e.target.value })}
            />
          )}
        </Field>
        <Field label="Description" error={err('description')}>
          {(id, d) => (
            <textarea
              id={id}
              rows={5}
              aria-describedby={d}
              aria-invalid={Boolean(err('description'))}
              className={inputClass}
              value={form.description}
              onChange={(e) => update({ description: e.target.value })}
            />
          )}
        </Field>
        <div className="grid gap-5 md:grid-cols-2">
          <Field label="Position type" error={err('position_type')} hint="e.g. Part-time, Contract">
            {(id, d) => (
              <input
                id={id}
                aria-describedby={d}
                aria-invalid={Boolean(err('position_type'))}
                className={inputClass}
                value={form.position_type}
                onChange={(e) => update({ position_type: e.target.value })}
              />
            )}
          </Field>
          <Field label="Pay per hour (USD)" error={err('pay_per_hour')} hint="Leave empty for the default rate">
            {(id, d) => (
              <input
                id={id}
                inputMode="decimal"
                aria-describedby={d}
                aria-invalid={Boolean(err('pay_per_hour'))}
                className={inputClass}
                value={form.pay_per_hour}
                onChange={(e) => update({ pay_per_hour: e.target.value })}
              />
            )}
          </Field>
          <Field label="Status" error={err('status')}>
            {(id) => (
              <select
                id={id}
                className={inputClass}
                value={form.status}
                onChange={(e) => update({ status: e.target.value as FormState['status'] })}
              >
                {JOB_STATUSES.map((s) => (
                  <option key={s} value={s}>
                    {titleCase(s)}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field label="Interview type" error={err('interview_type')}>
            {(id) => (
              <select
                id={id}
                className={inputClass}
                value={form.interview_type}
                onChange={(e) => update({ interview_type: e.target.value as FormState['interview_type'] })}
              >
                {INTERVIEW_TYPES.map((t) => (
                  <option key={t} value={t}>
                    {INTERVIEW_TYPE_LABELS[t]}
                  </option>
                ))}
              </select>
            )}
          </Field>
        </div>
        <Field label="Availability" error={err('availability')} hint="Time zones, geography, commitment">
          {(id, d) => (
            <textarea
              id={id}
              rows={2}
              aria-describedby={d}
              className={inputClass}
              value={form.availability}
              onChange={(e) => update({ availability: e.target.value })}
            />
          )}
        </Field>

        <fieldset className="space-y-3">
          <legend className="text-sm font-medium text-slate-700">Skills</legend>
          {form.skills.length === 0 && <p className="text-sm text-slate-500">No skills yet.</p>}
          {form.skills.map((s, i) => (
            <div key={i} className="grid gap-3 rounded-md border border-slate-200 p-3 md:grid-cols-[1fr_2fr_auto]">
              <Field label={`Skill ${i + 1} name`} error={err(`skills.${i}.name`)}>
                {(id, d) => (
                  <input
                    id={id}
                    aria-describedby={d}
                    className={inputClass}
                    value={s.name}
                    onChange={(e) =>
                      update({ skills: form.skills.map((x, j) => (j === i ? { ...x, name: e.target.value } : x)) })
                    }
                  />
                )}
              </Field>
              <Field label={`Skill ${i + 1} description`} error={err(`skills.${i}.description`)}>
                {(id, d) => (
                  <input
                    id={id}
                    aria-describedby={d}
                    className={inputClass}
                    value={s.description}
                    onChange={(e) =>
                      update({
                        skills: form.skills.map((x, j) => (j === i ? { ...x, description: e.target.value } : x)),
                      })
                    }
                  />
                )}
              </Field>
              <button
                type="button"
                className={`${secondaryButtonClass} self-end`}
                aria-label={`Remove skill ${i + 1}`}
                onClick={() => update({ skills: form.skills.filter((_, j) => j !== i) })}
              >
                <Trash2 className="h-4 w-4" aria-hidden />
              </button>
            </div>
          ))}
          <button
            type="button"
            className={secondaryButtonClass}
            onClick={() => update({ skills: [...form.skills, { name: '', description: '' }] })}
          >
            <Plus className="h-4 w-4" aria-hidden />
            Add skill
          </button>
        </fieldset>

        <fieldset className="space-y-3">
          <legend className="text-sm font-medium text-slate-700">Interview questions</legend>
          {form.custom_questions.length === 0 && <p className="text-sm text-slate-500">No custom questions.</p>}
          {form.custom_questions.map((q, i) => (
            <div key={i} className="flex items-end gap-3">
              <div className="flex-1">
                <Field label={`Question ${i + 1}`} error={err(`custom_questions.${i}`)}>
                  {(id, d) => (
                    <input
                      id={id}
                      aria-describedby={d}
                      className={inputClass}
                      value={q}
                      onChange={(e) =>
                        update({
                          custom_questions: form.custom_questions.map((x, j) => (j === i ? e.target.value : x)),
                        })
                      }
                    />
                  )}
                </Field>
              </div>
              <button
                type="button"
                className={secondaryButtonClass}
                aria-label={`Remove question ${i + 1}`}
                onClick={() => update({ custom_questions: form.custom_questions.filter((_, j) => j !== i) })}
              >
                <Trash2 className="h-4 w-4" aria-hidden />
              </button>
            </div>
          ))}
          <button
            type="button"
            className={secondaryButtonClass}
            onClick={() => update({ custom_questions: [...form.custom_questions, ''] })}
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
        {save.error && !serverErrors(save.error) && (
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
