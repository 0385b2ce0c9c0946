import { useId, useState } from 'react';
import type { BiasAudit } from '@app/shared';
import { AuditTable, RateChart } from '../components/AuditTables';
import { ErrorBanner } from '../../../components/ErrorBanner';
import { inputClass, labelClass, primaryButtonClass } from '../../../components/form-styles';
import { describeError } from '../../../lib/describe-error';
import { useBiasAudit, usePublishBiasAudit } from './api/ai-hiring';
import { useAdminJobs } from '../../../api/admin/jobs';
import { useSearchState } from '../../../lib/use-search-state';
import { PageHeader, Section, jobOptions } from '../../../components/console-ui';

const DIMENSIONS = [
  ['sex', 'Sex'],
  ['race_ethnicity', 'Race / ethnicity'],
  ['intersectional', 'Sex × race / ethnicity'],
] as const;

/** The bias audit (issue 35 item 4): scoring and selection rates, impact ratios, significance; publishing. */
export function BiasAuditPage() {
  const { values, set } = useSearchState(['job_id', 'from', 'to'] as const);
  const params = { job_id: values.job_id || undefined, from: values.from || undefined, to: values.to || undefined };
  const audit = useBiasAudit(params);
  const jobs = useAdminJobs({ page: 1, page_size: 100 });

  return (
    <>
      <PageHeader title="Bias audit" />
      <div className="space-y-6">
        <Section title="Filters">
          <div className="grid gap-4 sm:grid-cols-3">
            <label className={labelClass}>
              Job
              <select className={inputClass} value={values.job_id} onChange={(e) => set({ job_id: e.target.value })}>
                {jobOptions(jobs.data?.items).map((o) => (
                  <option key={o.value} value={o.value}>
                    {o.label}
                  </option>
                ))}
              </select>
            </label>
            <label className={labelClass}>
              From
              <input
                type="date"
                className={inputClass}
                value={values.from}
                onChange={(e) => set({ from: e.target.value })}
              />
            </label>
            <label className={labelClass}>
              To
              <input
                type="date"
                className={inputClass}
                value={values.to}
                onChange={(e) => set({ to: e.target.value })}
              />
            </label>
          </div>
        </Section>
        {audit.error && <ErrorBanner message={describeError(audit.error, 'Could not compute the audit.')} />}
        {audit.data && <AuditReport audit={audit.data} />}
        <PublishForm jobId={params.job_id} />
      </div>
    </>
  );
}

function AuditReport({ audit }: { audit: BiasAudit }) {
  const minCell = audit.suppression.min_cell;
  const facts = [
    ['Sample (AI-scored interviews)', audit.sample_size],
    ['Unknown (not self-identified or declined)', audit.unknown_count],
    ['Median overall score', audit.median_score ?? '—'],
    ['Decided (approved or rejected)', audit.decided],
  ] as const;
  return (
    <>
      <Section title="Summary">
        <dl className="grid gap-3 sm:grid-cols-4">
          {facts.map(([k, v]) => (
            <div key={k} className="rounded-md bg-slate-50 p-3">
              <dt className="text-xs text-slate-500">{k}</dt>
              <dd className="text-lg font-semibold text-slate-900">{v}</dd>
            </div>
          ))}
        </dl>
        <ul className="mt-4 list-disc space-y-1 pl-5 text-sm text-slate-600">
          {audit.notes.map((n) => (
            <li key={n}>{n}</li>
          ))}
        </ul>
      </Section>
      {audit.suppression.withheld ? (
        <Section title="Groups">
          <p role="status" className="text-sm text-slate-700">
            {audit.suppression.withheld}
          </p>
        </Section>
      ) : (
        <GroupSections audit={audit} minCell={minCell} />
      )}
    </>
  );
}

function GroupSections({ audit, minCell }: { audit: BiasAudit; minCell: number }) {
  return (
    <>
      <Section title="Scoring rates (above the median)">
        <div className="space-y-6">
          <RateChart title="Scoring rate by sex × race / ethnicity" rows={audit.scoring.intersectional} />
          {DIMENSIONS.map(([key, title]) => (
            <AuditTable
              key={key}
              title={`Scoring: ${title}`}
              rows={audit.scoring[key]}
              rateLabel="Scoring rate"
              minCell={minCell}
            />
          ))}
        </div>
      </Section>
      <Section title="Selection rates (approved of decided)">
        <div className="space-y-6">
          <RateChart title="Selection rate by sex × race / ethnicity" rows={audit.selection.intersectional} />
          {DIMENSIONS.map(([key, title]) => (
            <AuditTable
              key={key}
              title={`Selection: ${title}`}
              rows={audit.selection[key]}
              rateLabel="Selection rate"
              minCell={minCell}
            />
          ))}
        </div>
      </Section>
    </>
  );
}

/** Why the publish scope (the job, or all jobs, on all dates) cannot be published, or null (decision 0222). */
function unpublishable(scope: BiasAudit | undefined, jobId?: string): string | null {
  if (!scope?.suppression.withheld) return null;
  const { min_sample } = scope.suppression;
  if (scope.sample_size < min_sample)
    return `Publishing needs at least ${min_sample} AI-scored ${min_sample === 1 ? 'person' : 'people'}; ${jobId ? 'the selected job has' : 'all jobs have'} ${scope.sample_size}. A summary of fewer would be empty or could single someone out.`;
  return `Publishing is unavailable: the selected job and all jobs differ by fewer than ${min_sample} people, who could be singled out by comparing the two. Publish the audit of all jobs instead.`;
}

function PublishForm({ jobId }: { jobId?: string }) {
  const publish = usePublishBiasAudit();
  const scope = useBiasAudit({ job_id: jobId });
  const blocked = unpublishable(scope.data, jobId);
  const whyId = useId();
  const [auditor, setAuditor] = useState('');
  const [date, setDate] = useState('');
  return (
    <Section title="Publish a summary">
      <form
        className="grid gap-4 sm:grid-cols-[1fr_12rem_auto] sm:items-end"
        onSubmit={(e) => {
          e.preventDefault();
          publish.mutate({ job_id: jobId, auditor: auditor.trim(), audit_date: date });
        }}
      >
        <label className={labelClass}>
          Independent auditor
          <input className={inputClass} value={auditor} maxLength={200} onChange={(e) => setAuditor(e.target.value)} />
        </label>
        <label className={labelClass}>
          Audit date
          <input type="date" className={inputClass} value={date} onChange={(e) => setDate(e.target.value)} />
        </label>
        <button
          type="submit"
          className={primaryButtonClass}
          disabled={!auditor.trim() || !date || publish.isPending || !scope.data || blocked !== null}
          aria-describedby={blocked ? whyId : undefined}
        >
          Publish
        </button>
      </form>
      {blocked && (
        <p id={whyId} className="mt-3 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900">
          {blocked}
        </p>
      )}
      <p className="mt-2 text-xs text-slate-500">
        Publishes the audit of {jobId ? 'the selected job' : 'all jobs'} (every date) at /bias-audit: aggregates only.
      </p>
      <ErrorBanner message={publish.error ? describeError(publish.error, 'Could not publish.') : null} />
      {publish.data && (
        <p role="status" className="mt-2 text-sm text-green-700">
          Published. It is listed at{' '}
          <a className="underline" href="/bias-audit">
            /bias-audit
          </a>
          .
        </p>
      )}
    </Section>
  );
}
