import { useState, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { Download } from 'lucide-react';
import { PREDICTION_MIN_PAID_ITEMS, PREDICTION_PAID_ITEMS, type QualityRater, type QualityReport } from '@app/shared';
import { Badge } from '../../../components/Badge';
import { ErrorBanner } from '../../../components/ErrorBanner';
import { secondaryButtonClass } from '../../../components/form-styles';
import { describeError } from '../../../lib/describe-error';
import { useJob } from '../../../api/admin/jobs';
import { downloadDataset, useQuality, useSetRaterPaused, type DatasetFormat } from './api/quality';
import { distributeTasks, useTaskMutation } from './api/tasks';
import {
  formatAlpha,
  formatBias,
  formatPoints,
  formatPrediction,
  formatShare,
  goldItemsToPause,
} from './lib/quality-format';
import { RaterScatter } from './RaterScatter';
import { PageHeader, Section, Table, WhenLoaded, td } from '../../../components/console-ui';

const linkClass = 'text-sm font-medium text-brand-700 hover:underline';

function Stat({ label, value, children }: { label: string; value: ReactNode; children?: ReactNode }) {
  return (
    <section aria-label={label} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <h2 className="text-xs font-medium tracking-wide text-slate-500 uppercase">{label}</h2>
      <p className="mt-1 text-2xl font-semibold text-slate-900">{value}</p>
      {children && <div className="mt-1 text-xs text-slate-600">{children}</div>}
    </section>
  );
}

/** Pause or unpause one rater of the job. */
function PauseButton({ jobId, rater }: { jobId: string; rater: QualityRater }) {
  const toggle = useSetRaterPaused(jobId);
  const paused = rater.status === 'paused';
  const verb = paused ? 'Unpause' : 'Pause';
  return (
    <div className="flex flex-col items-start gap-1">
      <button
        type="button"
        className={`${secondaryButtonClass} px-3 py-1`}
        disabled={toggle.isPending}
        aria-label={`${verb} ${rater.name || rater.email}`}
        onClick={() => toggle.mutate({ userId: rater.user_id, paused: !paused })}
      >
        {verb}
      </button>
      {toggle.error && <span className="text-xs text-red-600">{describeError(toggle.error, 'Failed')}</span>}
    </div>
  );
}

/** Over the gold-error limit, not yet on enough gold items: how many more decide the pause (issue 34). */
function PauseCountdown({ rater, settings }: { rater: QualityRater; settings: QualityReport['settings'] }) {
  const left = goldItemsToPause(rater, settings);
  if (left === null) return null;
  return (
    <p className="mt-1 max-w-[12rem] text-xs text-amber-700">
      Over the limit: {left} more gold item{left === 1 ? '' : 's'} decide{left === 1 ? 's' : ''} the pause.
    </p>
  );
}

/** What alpha's values mean, in the usual reading (Krippendorff): 0.8 reliable, 0.667 the floor. */
function AlphaGuide() {
  return (
    <details className="mt-1">
      <summary className="cursor-pointer text-brand-700">What the figure means</summary>
      <ul className="mt-1 space-y-0.5">
        <li>
          <strong>0.80 or more:</strong> raters agree; the ratings can be relied on.
        </li>
        <li>
          <strong>0.67 to 0.80:</strong> fair agreement; use the ratings for tentative conclusions only.
        </li>
        <li>
          <strong>Below 0.67:</strong> too little agreement; check the instructions, the items and the raters.
        </li>
      </ul>
    </details>
  );
}

function RatersTable({ jobId, report }: { jobId: string; report: QualityReport }) {
  if (report.raters.length === 0) {
    return <p className="py-6 text-center text-sm text-slate-500">No accepted raters for this job yet.</p>;
  }
  return (
    <Table
      label="Raters"
      // Status and the pause button second, so a phone shows them without scrolling the table.
      head={['Rater', 'Status', 'Tasks rated', 'Gold rated', 'Gold error', 'Bias', 'Agreement']}
    >
      {report.raters.map((r) => (
        <tr key={r.user_id}>
          <td className={td}>
            <div className="font-medium text-slate-900">{r.name || r.email}</div>
            {r.name && <div className="text-xs text-slate-500">{r.email}</div>}
          </td>
          <td className={td}>
            <div className="flex flex-wrap items-center gap-2">
              <Badge color={r.status === 'paused' ? 'red' : 'green'}>
                {r.status === 'paused' ? 'Paused' : 'Active'}
              </Badge>
              <PauseButton jobId={jobId} rater={r} />
            </div>
            {r.paused_reason && <p className="mt-1 max-w-[14rem] text-xs text-slate-600">{r.paused_reason}</p>}
          </td>
          <td className={td}>{r.tasks_rated}</td>
          <td className={td}>{r.gold_rated}</td>
          <td className={td}>
            {formatPoints(r.gold_mean_abs_error)}
            <PauseCountdown rater={r} settings={report.settings} />
          </td>
          <td className={td}>{formatBias(r.bias)}</td>
          <td className={td}>{formatShare(r.agreement)}</td>
        </tr>
      ))}
    </Table>
  );
}

/** Does the interview's work sample predict the paid work (issue 46)? */
function Prediction({ prediction }: { prediction: QualityReport['work_sample_prediction'] }) {
  return (
    <div className="space-y-1 text-sm text-slate-600">
      <p className="font-medium text-slate-900">{formatPrediction(prediction)}</p>
      <p>
        For each accepted rater, the work sample&apos;s distance from gold beside the distance from gold of their first{' '}
        {PREDICTION_PAID_ITEMS} paid gold items (raters with at least {PREDICTION_MIN_PAID_ITEMS}). Near 1: the sample
        ranks raters as their paid work does; near 0 or below: it does not predict this job.
      </p>
    </div>
  );
}

function DatasetButtons({ jobId }: { jobId: string }) {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<DatasetFormat | null>(null);
  const download = async (format: DatasetFormat) => {
    setBusy(format);
    setError(null);
    try {
      await downloadDataset(jobId, format);
    } catch (err) {
      setError(describeError(err, 'Could not download the dataset'));
    } finally {
      setBusy(null);
    }
  };
  return (
    <div className="space-y-3">
      <p className="text-sm text-slate-600">
        One record per item: its content, the gold answer, the consensus and spread, and every rating with its notes and
        review.
      </p>
      <div className="flex flex-wrap gap-2">
        {(['jsonl', 'csv'] as const).map((f) => (
          <button
            key={f}
            type="button"
            className={secondaryButtonClass}
            disabled={busy !== null}
            onClick={() => void download(f)}
          >
            <Download className="h-4 w-4" aria-hidden />
            {busy === f ? 'Downloading...' : `Download ${f.toUpperCase()}`}
          </button>
        ))}
      </div>
      <ErrorBanner message={error} />
    </div>
  );
}

function Report({ jobId, report }: { jobId: string; report: QualityReport }) {
  const distribute = useTaskMutation(() => distributeTasks(jobId));
  const paused = report.raters.filter((r) => r.status === 'paused').length;
  return (
    <div className="space-y-6">
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <Stat label="Krippendorff's alpha" value={formatAlpha(report.krippendorff_alpha)}>
          {report.items_compared === 0
            ? 'Needs an item with two ratings.'
            : `Over ${report.items_compared} of ${report.items_total} item${report.items_total === 1 ? '' : 's'} (interval)`}
          <AlphaGuide />
        </Stat>
        <Stat label="Items needing review" value={report.items_needing_review}>
          In the review queue, ratings more than one point apart
        </Stat>
        <Stat label="Review queue" value={report.review_queue_count}>
          <Link to={`/admin/jobs/${jobId}/review`} className={linkClass}>
            Open the review queue
          </Link>
        </Stat>
        <Stat label="Unassigned tasks" value={report.unassigned_tasks}>
          <button
            type="button"
            className={linkClass}
            disabled={distribute.isPending}
            onClick={() => distribute.mutate(undefined)}
          >
            Distribute tasks
          </button>
          {distribute.data && <span role="status"> · {distribute.data.assigned} assigned</span>}
          {distribute.error && (
            <span role="alert" className="block text-red-600">
              {describeError(distribute.error, 'Could not distribute')}
            </span>
          )}
        </Stat>
      </div>
      <Section title="Raters">
        <p className="mb-3 text-sm text-slate-600">
          A rater is paused automatically when their gold error goes above{' '}
          {formatPoints(report.settings.pause_gold_error_above)} after at least {report.settings.pause_min_gold_items}{' '}
          gold items. {paused > 0 && `${paused} paused now.`}
        </p>
        <RatersTable jobId={jobId} report={report} />
      </Section>
      <Section title="Gold error against bias">
        <RaterScatter raters={report.raters} threshold={report.settings.pause_gold_error_above} />
      </Section>
      <Section title="Does the work sample predict?">
        <Prediction prediction={report.work_sample_prediction} />
      </Section>
      <Section title="Dataset">
        <DatasetButtons jobId={jobId} />
      </Section>
    </div>
  );
}

/**
 * A job's rating quality (issue 26): agreement, the review queue, each rater's record with pause and
 * unpause, the gold error / bias chart and the dataset download. Loaded as its own chunk, so the
 * chart library reaches no other page (decision 0159).
 */
export function QualityPage() {
  const jobId = useParams().jobId!;
  const job = useJob(jobId);
  const quality = useQuality(jobId);
  return (
    <>
      <Link to={`/admin/tasks?job_id=${jobId}`} className={linkClass}>
        ← Tasks
      </Link>
      <div className="mt-2">
        <PageHeader title={job.data ? `Quality: ${job.data.title}` : 'Quality'} />
      </div>
      <WhenLoaded query={quality} loading="Loading the quality report..." notFound="Could not load the quality report">
        {(report) => <Report jobId={jobId} report={report} />}
      </WhenLoaded>
    </>
  );
}
