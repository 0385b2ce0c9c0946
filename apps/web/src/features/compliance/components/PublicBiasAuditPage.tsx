import { Link } from 'react-router';
import { PRODUCT_NAME, type PublishedBiasAudit } from '@app/shared';
import { AuditTable, RateChart } from './AuditTables';
import { ErrorBanner } from '../../../components/ErrorBanner';
import { Spinner } from '../../../components/Spinner';
import { cardClass } from '../../../components/form-styles';
import { usePublishedBiasAudits } from '../api/public-bias-audit';
import { describeError } from '../../../lib/describe-error';

const DIMENSIONS = [
  ['sex', 'Sex'],
  ['race_ethnicity', 'Race / ethnicity'],
  ['intersectional', 'Sex × race / ethnicity'],
] as const;

/** /bias-audit: the published bias-audit summaries, for anyone (NYC LL144 §5-303; issue 35 item 5). */
export function PublicBiasAuditPage() {
  const audits = usePublishedBiasAudits();
  return (
    <div className="mx-auto max-w-5xl space-y-6 px-4 py-8 sm:px-6">
      <header>
        <Link to="/" className="text-sm font-semibold text-brand-700">
          {PRODUCT_NAME}
        </Link>
        <h1 className="mt-2 text-2xl font-semibold text-slate-900">Bias audits of our AI assessment</h1>
        <p className="mt-1 text-sm text-slate-600">
          Our AI interviewer&apos;s assessment is audited for bias by an independent auditor. Each summary gives the
          audit date, the auditor, the date the tool was first used, the number of people assessed and of those whose
          sex or race/ethnicity is unknown, and for every group its number of people, its rate and its impact ratio. No
          summary names or describes a person: a group of only a few people shows no number or rate.
        </p>
      </header>
      {audits.isLoading && <Spinner label="Loading the published audits..." />}
      {audits.error && <ErrorBanner message={describeError(audits.error, 'Could not load the audits.')} />}
      {audits.data?.length === 0 && <p className={cardClass}>No bias audit has been published yet.</p>}
      {audits.data?.map((a) => (
        <PublishedAudit key={a.id} audit={a} />
      ))}
    </div>
  );
}

function PublishedAudit({ audit }: { audit: PublishedBiasAudit }) {
  const facts = [
    ['Audit date', audit.audit_date],
    ['Auditor', audit.auditor],
    ['Distribution date (first use)', audit.distribution_date ?? '—'],
    ['People assessed', audit.sample_size],
    ['Unknown category', audit.unknown_count],
    ['Median score', audit.median_score ?? '—'],
  ] as const;
  return (
    <article className={`${cardClass} space-y-5`} aria-label={`Bias audit of ${audit.audit_date}`}>
      <h2 className="text-lg font-semibold text-slate-900">
        {audit.job_title ? `${audit.job_title}: ` : 'All roles: '}audit of {audit.audit_date}
      </h2>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3">
        {facts.map(([k, v]) => (
          <div key={k}>
            <dt className="text-xs text-slate-500">{k}</dt>
            <dd className="font-medium text-slate-900">{v}</dd>
          </div>
        ))}
      </dl>
      {audit.suppression.withheld ? (
        <p className="text-sm text-slate-700">
          This summary covers fewer than {audit.suppression.min_sample} people: no group is shown, so that no one can be
          singled out.
        </p>
      ) : (
        <>
          <RateChart title="Scoring rate by sex × race / ethnicity" rows={audit.scoring.intersectional} />
          {DIMENSIONS.map(([key, title]) => (
            <AuditTable
              key={`s-${key}`}
              title={`Scoring: ${title}`}
              rows={audit.scoring[key]}
              rateLabel="Scoring rate"
              minCell={audit.suppression.min_cell}
            />
          ))}
          {DIMENSIONS.map(([key, title]) => (
            <AuditTable
              key={`d-${key}`}
              title={`Selection: ${title}`}
              rows={audit.selection[key]}
              rateLabel="Selection rate"
              minCell={audit.suppression.min_cell}
            />
          ))}
        </>
      )}
      <ul className="list-disc space-y-1 pl-5 text-xs text-slate-600">
        {audit.notes.map((n) => (
          <li key={n}>{n}</li>
        ))}
      </ul>
    </article>
  );
}
