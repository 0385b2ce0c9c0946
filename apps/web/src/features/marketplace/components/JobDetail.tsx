import { PracticeLink } from '../../../components/PracticeLink';
import { Link } from 'react-router';
import { Check, Clock, Globe, X } from 'lucide-react';
import {
  PRODUCT_NAME,
  applicationChecklist,
  payPerHourLongText,
  postedTimeText,
  type Interview,
  type Job,
  type ProfileMe,
} from '@app/shared';

type Props = {
  job: Job;
  interview: Interview | null;
  profile: ProfileMe | undefined;
  onClose: () => void;
};

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section className="border-t border-slate-200 py-4">
      <h3 className="mb-2 text-sm font-semibold uppercase tracking-wide text-slate-500">{title}</h3>
      {children}
    </section>
  );
}

/** The job detail panel (docs/product/screens/marketplace.md): facts, checklist, description, skills, questions. */
export function JobDetail({ job, interview, profile, onClose }: Props) {
  const checklist = applicationChecklist({
    jobId: job.id,
    interviewType: job.interview_type,
    profile,
    interview,
  });
  const pay = payPerHourLongText(job.pay_per_hour);

  return (
    <div className="flex h-full flex-col">
      <div className="flex-1 overflow-y-auto px-5 pb-4 pt-5">
        <div className="flex items-start justify-between gap-3">
          <h2 className="text-xl font-semibold text-slate-900" data-testid="job-detail-title">
            {job.title}
          </h2>
          <button
            type="button"
            onClick={onClose}
            aria-label="Close details"
            className="rounded-md p-1 text-slate-500 hover:bg-slate-100 hover:text-slate-900"
          >
            <X className="h-5 w-5" aria-hidden />
          </button>
        </div>
        <div className="mt-2 flex flex-wrap gap-2 text-sm text-slate-700">
          {pay && <span className="font-semibold text-slate-900">{pay}</span>}
          <span className="inline-flex items-center gap-1">
            <Clock className="h-4 w-4" aria-hidden />
            Hourly contract
          </span>
          <span className="inline-flex items-center gap-1">
            <Globe className="h-4 w-4" aria-hidden />
            Remote
          </span>
        </div>

        <div className="mt-4 flex items-center gap-3 rounded-lg bg-slate-50 p-3">
          <span
            aria-hidden
            className="flex h-9 w-9 items-center justify-center rounded-full bg-brand-600 text-sm font-bold text-white"
          >
            {PRODUCT_NAME[0]}
          </span>
          <div className="text-sm">
            <div className="text-slate-500">Posted by</div>
            <div className="font-medium text-slate-900">{PRODUCT_NAME}</div>
          </div>
          <div className="ml-auto text-xs text-slate-500">{postedTimeText(job.created_at)}</div>
        </div>

        <div className="mt-3">
          <PracticeLink jobId={job.id} compact />
        </div>

        <section aria-labelledby="checklist-title" className="mt-4 rounded-lg border border-slate-200 p-4">
          <h3 id="checklist-title" className="font-semibold text-slate-900">
            Application checklist
          </h3>
          <p className="mt-1 text-sm text-slate-600">{checklist.summary}</p>
          <div
            role="progressbar"
            aria-label="Application progress"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={checklist.percent}
            className="mt-2 h-2 overflow-hidden rounded-full bg-slate-100"
          >
            <div className="h-full rounded-full bg-brand-600" style={{ width: `${checklist.percent}%` }} />
          </div>
          <p className="mt-1 text-right text-xs text-slate-500">{checklist.percent}%</p>
          <ol className="mt-2 space-y-2">
            {checklist.steps.map((step, i) => (
              <li key={step.key} className="flex items-center gap-3 text-sm" data-done={step.done}>
                <span
                  className={`flex h-6 w-6 shrink-0 items-center justify-center rounded-full text-xs font-semibold ${
                    step.done ? 'bg-green-600 text-white' : 'border border-slate-300 text-slate-500'
                  }`}
                >
                  {step.done ? <Check className="h-3.5 w-3.5" aria-label="Done" /> : i + 1}
                </span>
                <span className={step.done ? 'text-slate-900' : 'text-slate-600'}>{step.label}</span>
              </li>
            ))}
          </ol>
        </section>

        <dl className="my-4 grid grid-cols-1 gap-3 text-sm sm:grid-cols-2">
          <div>
            <dt className="text-slate-500">Type</dt>
            <dd className="font-medium text-slate-900">{job.position_type}</dd>
          </div>
          <div>
            <dt className="text-slate-500">Availability</dt>
            <dd className="font-medium text-slate-900">{job.availability || 'Flexible'}</dd>
          </div>
        </dl>

        <Section title="Description">
          <p className="whitespace-pre-line text-sm text-slate-700">{job.description}</p>
        </Section>

        {job.skills.length > 0 && (
          <Section title="Required Skills">
            <ul className="space-y-2">
              {job.skills.map((s) => (
                <li key={s.name} className="text-sm">
                  <span className="font-medium text-slate-900">{s.name}</span>
                  {s.description && <span className="text-slate-600"> — {s.description}</span>}
                </li>
              ))}
            </ul>
          </Section>
        )}

        {job.custom_questions.length > 0 && (
          <Section title="Interview Questions">
            <ol className="list-decimal space-y-1 pl-5 text-sm text-slate-700">
              {job.custom_questions.map((q, i) => (
                <li key={i}>{q}</li>
              ))}
            </ol>
          </Section>
        )}
      </div>
      <div className="border-t border-slate-200 bg-white p-4">
        <Link
          to={checklist.button.to}
          className="block w-full rounded-md bg-brand-600 px-4 py-2.5 text-center text-sm font-semibold text-white hover:bg-brand-700"
        >
          {checklist.button.label}
        </Link>
      </div>
    </div>
  );
}
