import type { ReactNode } from 'react';
import { useParams } from 'react-router';
import { WORK_AUTHORIZATION_OPTIONS, formatMoney, type AdminCandidateDetail } from '@app/shared';
import { useCandidate } from '../../../api/admin/candidates';
import { BackToApplicants, InterviewCells } from './ApplicantsPage';
import { Empty, Section, Table, WhenLoaded, dateTime } from '../../../components/console-ui';
import { FileLink } from '../../../components/FileLink';

type Entry = Record<string, string | undefined>;
const str = (v: unknown) => (typeof v === 'string' && v.trim() ? v : null);
const list = (v: unknown) => (Array.isArray(v) ? (v as unknown[]) : []);

function Row({ label, value }: { label: string; value: React.ReactNode }) {
  if (value === null || value === undefined || value === '') return null;
  return (
    <>
      <dt className="text-slate-500">{label}</dt>
      <dd className="text-slate-900">{value}</dd>
    </>
  );
}

/** A person's signed documents, drawn below the rest: the contracting feature's, composed by the console (src/app). */
type Documents = (userId: string) => ReactNode;

/** A candidate: profile and resume, interviews with their assessment, task progress, money and signed documents. */
export function CandidatePage({ documents }: { documents: Documents }) {
  const { candidateId = '' } = useParams();
  return (
    <WhenLoaded query={useCandidate(candidateId)} loading="Loading candidate..." notFound="Candidate not found">
      {(c) => <CandidateDetail c={c} documents={documents} />}
    </WhenLoaded>
  );
}

function CandidateDetail({ c, documents }: { c: AdminCandidateDetail; documents: Documents }) {
  const p = (c.profile ?? {}) as Record<string, unknown>;
  const work = list(p.work_experience) as Entry[];
  const education = list(p.education) as Entry[];

  return (
    <div className="space-y-6">
      <div>
        <BackToApplicants />
        <h1 className="mt-2 text-2xl font-semibold text-slate-900">{c.name || c.email}</h1>
        <p className="text-sm text-slate-600">
          {c.email} · joined {dateTime(c.created_at)}
          {!c.profile_completed && ' · profile incomplete'}
        </p>
      </div>
      <div className="grid gap-6 lg:grid-cols-[3fr_2fr]">
        <Section title="Profile">
          <dl className="grid grid-cols-[10rem_1fr] gap-x-4 gap-y-2 text-sm">
            <Row label="Position" value={str(p.position)} />
            <Row
              label="Experience"
              value={typeof p.experience_years === 'number' ? `${p.experience_years} years` : null}
            />
            <Row label="Expertise" value={list(p.expertise).join(', ')} />
            <Row label="Skills" value={list(p.skills).join(', ')} />
            <Row label="Location" value={[str(p.city), str(p.country)].filter(Boolean).join(', ')} />
            <Row
              label="Work authorization"
              value={
                WORK_AUTHORIZATION_OPTIONS.find((o) => o.value === p.work_authorization)?.label ??
                str(p.work_authorization)
              }
            />
            <Row
              label="LinkedIn"
              value={
                str(p.linkedin_url) && (
                  <a
                    href={str(p.linkedin_url)!}
                    target="_blank"
                    rel="noreferrer"
                    className="text-brand-700 hover:underline"
                  >
                    {str(p.linkedin_url)}
                  </a>
                )
              }
            />
            <Row
              label="Resume"
              value={
                c.resume_url ? (
                  <FileLink url={c.resume_url} className="text-brand-700 hover:underline">
                    Open resume
                  </FileLink>
                ) : (
                  'Not uploaded'
                )
              }
            />
            <Row label="Summary" value={str(p.summary) ?? str(p.bio)} />
          </dl>
          {work.length > 0 && (
            <>
              <h3 className="mt-5 mb-2 text-sm font-semibold text-slate-900">Work experience</h3>
              <ul className="space-y-2 text-sm">
                {work.map((w, i) => (
                  <li key={i}>
                    <span className="font-medium">{w.title}</span> {w.company && `at ${w.company}`}{' '}
                    <span className="text-slate-500">{[w.startDate, w.endDate].filter(Boolean).join(' – ')}</span>
                    {w.description && <p className="text-slate-600">{w.description}</p>}
                  </li>
                ))}
              </ul>
            </>
          )}
          {education.length > 0 && (
            <>
              <h3 className="mt-5 mb-2 text-sm font-semibold text-slate-900">Education</h3>
              <ul className="space-y-1 text-sm">
                {education.map((e, i) => (
                  <li key={i}>{[e.degree, e.field, e.school, e.year].filter(Boolean).join(', ')}</li>
                ))}
              </ul>
            </>
          )}
        </Section>
        <div className="space-y-6">
          <Section title="Tasks">
            <dl className="grid grid-cols-2 gap-y-1 text-sm">
              <Row label="Assigned" value={String(c.task_progress.assigned)} />
              <Row label="In progress" value={String(c.task_progress.in_progress)} />
              <Row label="Waiting for review" value={String(c.task_progress.submitted)} />
              <Row label="Accepted" value={String(c.task_progress.accepted)} />
              <Row label="Rejected" value={String(c.task_progress.rejected)} />
            </dl>
          </Section>
          <Section title="Money">
            <dl className="grid grid-cols-2 gap-y-1 text-sm">
              <Row label="Pending review" value={formatMoney(c.balance.pending)} />
              <Row label="Available" value={formatMoney(c.balance.available)} />
              <Row label="Paid" value={formatMoney(c.balance.paid)} />
            </dl>
          </Section>
        </div>
      </div>
      <Section title="Interviews">
        {c.interview_list.length === 0 ? (
          <Empty>No interviews yet.</Empty>
        ) : (
          <Table label="Interviews" head={['Job', 'Status', 'AI assessment', 'Interviewed', '']}>
            {c.interview_list.map((i) => (
              <tr key={i.id}>
                <InterviewCells interview={i} />
              </tr>
            ))}
          </Table>
        )}
      </Section>
      {documents(c.id)}
    </div>
  );
}
