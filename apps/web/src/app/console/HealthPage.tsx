import type { AdminHealth, InstanceRole, QueueRuns } from '@app/shared';
import { ErrorBanner } from '../../components/ErrorBanner';
import { Spinner } from '../../components/Spinner';
import { Empty, PageHeader, Section, Table, dateTime, td } from '../../components/console-ui';
import { describeError } from '../../lib/describe-error';
import { useHealth } from '../../api/admin/health';

const ROLE_NAMES: Record<InstanceRole, string> = {
  all: 'All (web and worker in one process)',
  web: 'Web',
  worker: 'Worker',
};

const RUNS_ON: Record<QueueRuns, string> = {
  heavy: 'Worker (heavy slots)',
  worker: 'Worker',
  web: 'Web',
};

/** What each queue does, in the provider's words; an unknown queue shows its name alone. */
const QUEUE_NAMES: Record<string, string> = {
  'assess-interview': 'Assessments',
  'careful-transcript': 'Careful passes',
  'build-careful-models': 'Careful pass models',
  'careful-pass-deadline': 'Careful pass start deadlines',
  'send-email': 'E-mails',
  'remux-recording': 'Recording joins',
  'purge-recordings': 'Recording retention',
  'end-abandoned-interviews': 'Abandoned interviews',
};

/** 75 → '1 min 15 s'; null (nothing waits) → '—'. */
export function waitText(seconds: number | null): string {
  if (seconds === null) return '—';
  if (seconds < 60) return `${seconds} s`;
  if (seconds < 3600) return `${Math.floor(seconds / 60)} min ${seconds % 60} s`;
  return `${Math.floor(seconds / 3600)} h ${Math.floor((seconds % 3600) / 60)} min`;
}

/** How long ago a worker was last seen, by this browser's clock (never below 0 s). */
const agoText = (iso: string, now: number) =>
  `${Math.max(0, Math.round((now - new Date(iso).getTime()) / 1000))} s ago`;

/**
 * The console's health page (issue 45, item 2; decision 0243): which role this instance has and
 * whether it stands in for a missing worker, every background queue across the instances, the worker
 * instances seen, and how many interviews were assessed on their live transcript in the last day.
 * Asked again every 10 s.
 */
export function HealthPage() {
  const health = useHealth();
  return (
    <>
      <PageHeader title="Health">
        {health.data && (
          <span className="text-xs text-slate-500">
            Refreshed every 10 s · last {new Date(health.dataUpdatedAt).toLocaleTimeString('en-US')}
          </span>
        )}
      </PageHeader>
      {health.isLoading && <Spinner label="Loading the health figures..." />}
      <ErrorBanner message={health.error ? describeError(health.error, 'Could not load the health figures') : null} />
      {health.data && <HealthView h={health.data} now={health.dataUpdatedAt} />}
    </>
  );
}

function HealthView({ h, now }: { h: AdminHealth; now: number }) {
  const waiting = h.queues.reduce((n, q) => n + q.waiting, 0);
  return (
    <div className="space-y-6">
      {h.instance.standing_in && (
        <p role="alert" className="rounded-md border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900">
          <span className="font-semibold">No worker instance is running: </span>
          this web instance runs the heavy background jobs itself.
        </p>
      )}
      <Section title="This instance">
        <dl className="grid grid-cols-1 gap-4 text-sm sm:grid-cols-2">
          <Figure label="Role" value={ROLE_NAMES[h.instance.role] ?? h.instance.role} />
          <Figure label="Heavy job slots" value={String(h.instance.concurrency)} />
        </dl>
      </Section>
      <Section title="Queues" actions={<span className="text-xs text-slate-500">{waiting} waiting in all</span>}>
        <Table label="Queues" head={['Queue', 'Runs on', 'Waiting', 'Running', 'Oldest wait']}>
          {h.queues.map((q) => (
            <tr key={q.queue} aria-label={q.queue}>
              {/* One block per cell: on a phone a cell is a grid of its label and one value (CardsTable). */}
              <td className={td}>
                <div>
                  <span className="font-medium text-slate-900">{QUEUE_NAMES[q.queue] ?? q.queue}</span>
                  {QUEUE_NAMES[q.queue] && <span className="block font-mono text-xs text-slate-500">{q.queue}</span>}
                </div>
              </td>
              <td className={td}>{RUNS_ON[q.runs]}</td>
              <td className={`${td} tabular-nums ${q.waiting > 0 ? 'font-semibold text-slate-900' : ''}`}>
                {q.waiting}
              </td>
              <td className={`${td} tabular-nums`}>{q.running}</td>
              <td className={`${td} tabular-nums`}>{waitText(q.oldest_wait_seconds)}</td>
            </tr>
          ))}
        </Table>
      </Section>
      <Section title="Worker instances">
        {h.workers.length === 0 ? (
          <Empty>No worker instance has been seen in the last 30 seconds.</Empty>
        ) : (
          <Table label="Worker instances" head={['Hostname', 'Role', 'Slots', 'Last seen']}>
            {h.workers.map((w) => (
              <tr key={w.id} aria-label={w.hostname}>
                <td className={td}>
                  <div>
                    <span className="font-medium text-slate-900">{w.hostname}</span>
                    <span className="block text-xs text-slate-500">since {dateTime(w.started_at)}</span>
                  </div>
                </td>
                <td className={td}>{ROLE_NAMES[w.role] ?? w.role}</td>
                <td className={`${td} tabular-nums`}>{w.concurrency}</td>
                <td className={td}>
                  <span title={dateTime(w.seen_at)}>{agoText(w.seen_at, now)}</span>
                </td>
              </tr>
            ))}
          </Table>
        )}
      </Section>
      <Section title="Careful passes">
        <p className="text-sm text-slate-900">
          Interviews assessed on the live transcript in the last 24 hours:{' '}
          <strong className="tabular-nums">{h.careful_live_fallbacks_24h}</strong>
        </p>
        <p className="mt-2 text-xs text-slate-500">
          Each is an interview whose careful pass could not run in time (the queue was full, the pass did not start soon
          enough, overran or failed); its assessment says why, and a pass that runs later may still replace it.
        </p>
      </Section>
    </div>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <dt className="text-slate-500">{label}</dt>
      <dd className="mt-1 text-lg font-semibold text-slate-900">{value}</dd>
    </div>
  );
}
