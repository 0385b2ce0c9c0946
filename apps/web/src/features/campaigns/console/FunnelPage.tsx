import { Link, useParams, useSearchParams } from 'react-router';
import {
  FUNNEL_STEP_LABELS,
  TECHNICAL_FAILURE_LABELS,
  type Funnel,
  type JobSatisfaction,
  type SatisfactionSummary,
} from '@app/shared';
import { useJob } from '../../../api/admin/jobs';
import { ErrorBanner } from '../../../components/ErrorBanner';
import { DownloadButton } from '../../../components/DownloadButton';
import { Empty, PageHeader, Section, WhenLoaded, dateTime } from '../../../components/console-ui';
import { describeError } from '../../../lib/describe-error';
import { useDownload } from '../../../lib/use-download';
import { downloadFunnelCsv, useFunnel, useJobSatisfaction } from './api/funnel';
import { FunnelChart } from './FunnelChart';

/**
 * /admin/jobs/{jobId}/funnel[?campaign_id=] — where a job's candidates get to and where they stop,
 * with what they said about the interview (issue 47, items 2 and 3).
 */
export function FunnelPage() {
  const { jobId = '' } = useParams();
  const [params] = useSearchParams();
  const campaignId = params.get('campaign_id');
  const job = useJob(jobId);
  const funnel = useFunnel(jobId, campaignId);
  const satisfaction = useJobSatisfaction(jobId);
  const csv = useDownload<'csv'>((e) => describeError(e, 'The CSV could not be downloaded'));

  return (
    <>
      <PageHeader title={job.data ? `Funnel: ${job.data.title}` : 'Funnel'}>
        {campaignId && (
          <Link to={`/admin/jobs/${jobId}/funnel`} className="text-sm text-indigo-600 hover:underline">
            Whole job
          </Link>
        )}
        <DownloadButton
          busy={csv.busy !== null}
          onClick={() => void csv.start('csv', () => downloadFunnelCsv(jobId, campaignId))}
        >
          Download CSV
        </DownloadButton>
      </PageHeader>
      <ErrorBanner message={csv.error} />
      <div className="space-y-6">
        <WhenLoaded query={funnel} loading="Loading the funnel..." notFound="The funnel could not be loaded">
          {(f) => <FunnelSections funnel={f} campaign={campaignId !== null} />}
        </WhenLoaded>
        <WhenLoaded query={satisfaction} loading="Loading satisfaction..." notFound="Satisfaction could not be loaded">
          {(s) => <SatisfactionSection satisfaction={s} />}
        </WhenLoaded>
      </div>
    </>
  );
}

function FunnelSections({ funnel: f, campaign }: { funnel: Funnel; campaign: boolean }) {
  const invited = f.steps[0]?.count ?? 0;
  const stopped = f.stopped.filter((s) => s.count > 0);
  return (
    <>
      <Section title={campaign ? 'Campaign funnel' : 'Funnel'}>
        {invited === 0 && !campaign && (
          <p className="mb-3 text-sm text-slate-600">
            No invitations for this job: people are counted from consent on.
          </p>
        )}
        {f.uninvited > 0 && (
          <p className="mb-3 text-sm text-slate-600" data-testid="uninvited">
            {f.uninvited} {f.uninvited === 1 ? 'person' : 'people'} applied without an invitation and{' '}
            {f.uninvited === 1 ? 'is' : 'are'} counted from consent on.
          </p>
        )}
        <FunnelChart steps={f.steps} />
      </Section>
      <div className="grid gap-6 md:grid-cols-2">
        <Section title="Where people stopped">
          {stopped.length === 0 ? (
            <Empty>Nobody has stopped yet.</Empty>
          ) : (
            <ul className="space-y-1 text-sm">
              {stopped.map((s) => (
                <li key={s.step} className="flex justify-between">
                  <span>After {FUNNEL_STEP_LABELS[s.step].toLowerCase()}</span>
                  <strong className="tabular-nums">{s.count}</strong>
                </li>
              ))}
            </ul>
          )}
        </Section>
        <Section title="Technical failures">
          <ul className="space-y-1 text-sm" aria-label="Technical failures">
            {f.technical_failures.map((t) => (
              <li key={t.kind} className="flex justify-between">
                <span>{TECHNICAL_FAILURE_LABELS[t.kind]}</span>
                <strong className="tabular-nums">{t.count}</strong>
              </li>
            ))}
          </ul>
          <p className="mt-2 text-xs text-slate-500">
            People who met it at least once: reported by their interview page, or (left and never came back) seen by the
            server.
          </p>
        </Section>
      </div>
    </>
  );
}

const averageText = (s: SatisfactionSummary) =>
  s.average === null
    ? 'No ratings yet'
    : `${s.average.toFixed(2)} / 5 from ${s.count} ${s.count === 1 ? 'rating' : 'ratings'}`;

function SatisfactionSection({ satisfaction: s }: { satisfaction: JobSatisfaction }) {
  return (
    <Section title="Candidate satisfaction">
      <dl className="mb-4 grid gap-3 text-sm sm:grid-cols-2">
        <div>
          <dt className="text-slate-500">Interviews</dt>
          <dd className="font-medium text-slate-900" data-testid="satisfaction-interviews">
            {averageText(s.interviews)}
            {s.interviews.skipped > 0 && <span className="text-slate-500"> · {s.interviews.skipped} skipped</span>}
          </dd>
        </div>
        <div>
          <dt className="text-slate-500">Practice</dt>
          <dd className="font-medium text-slate-900" data-testid="satisfaction-practice">
            {averageText(s.practice)}
          </dd>
        </div>
      </dl>
      {s.comments.length === 0 ? (
        <Empty>No comments yet.</Empty>
      ) : (
        <ul aria-label="Comments" className="divide-y divide-slate-100">
          {s.comments.map((c, i) => (
            <li key={`${c.created_at}-${i}`} className="py-2 text-sm">
              <div className="text-xs text-slate-500">
                {c.score} / 5 · {c.source === 'practice' ? 'practice' : 'interview'} · {dateTime(c.created_at)}
              </div>
              <p className="whitespace-pre-line text-slate-800">{c.comment}</p>
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}
