import { PracticeLink } from '../../../components/PracticeLink';
import { useEffect, useMemo } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Brain, CheckCircle2, Mail, UserCheck } from 'lucide-react';
import {
  SUPPORT_EMAIL,
  applicationBadge,
  applicationTitle,
  firstName,
  interviewStatusView,
  ownInterviews,
  selectInterview,
  type BadgeColor,
  type Interview,
} from '@app/shared';
import { BackButton } from '../../../components/BackButton';
import { Badge } from '../../../components/Badge';
import { NavButton } from '../../../components/NavButton';
import { StartInterviewButton } from '../../../components/StartInterviewButton';
import { formatDate } from '../../../lib/format';
import { useAuth } from '../../../lib/auth';
import { useInterviews } from '../../../api/interviews/get-interviews';
import { useLatestInterview } from '../../../api/interviews/get-latest-interview';
import { useInterviewDebrief } from '../../../api/interviews/get-debrief';
import { DecisionExplanation } from './DecisionExplanation';

const BADGE_COLORS: Record<string, BadgeColor> = {
  'In Progress': 'yellow',
  'Under Review': 'blue',
  Approved: 'green',
  'Not Selected': 'red',
};
const badgeColor = (label: string) => BADGE_COLORS[label] ?? 'grey';

type StatusItem = Pick<Interview, 'id' | 'status' | 'created_at'> &
  Partial<Pick<Interview, 'job_id' | 'job_title' | 'position' | 'completed_at'>>;

const TIMELINE = [
  { icon: Brain, title: 'AI analysis', text: 'Our AI analyzes your responses.' },
  { icon: UserCheck, title: 'Human review', text: 'A human reviewer validates the assessment.' },
  { icon: Mail, title: 'Decision by email', text: "You'll get our decision by email, typically within 24-48 hours." },
];

function Contact() {
  return (
    <p className="mt-4 text-sm text-slate-600">
      Questions? Contact us at{' '}
      <a className="font-medium text-brand-700 hover:underline" href={`mailto:${SUPPORT_EMAIL}`}>
        {SUPPORT_EMAIL}
      </a>
    </p>
  );
}

/** The interview status page (docs/product/screens/status.md, docs/product/rules.md). */
export function StatusPage() {
  const { user } = useAuth();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const interviewsQuery = useInterviews();
  const latest = useLatestInterview(interviewsQuery.isError).data ?? null;

  useEffect(() => {
    if (interviewsQuery.error) console.error('Failed to load interviews', interviewsQuery.error);
  }, [interviewsQuery.error]);

  // The list call failing falls back to the auth layer's latest interview (docs/product/errors.md).
  const items: StatusItem[] = useMemo(() => {
    if (interviewsQuery.isError) {
      return latest ? [latest as StatusItem] : [];
    }
    const own = ownInterviews(interviewsQuery.data ?? [], user?.id);
    return [...own].sort((a, b) => Date.parse(b.created_at) - Date.parse(a.created_at));
  }, [interviewsQuery.isError, interviewsQuery.data, latest, user?.id]);

  if (interviewsQuery.isPending) {
    return <p className="py-24 text-center text-slate-600">Loading your interview status...</p>;
  }

  const selected = selectInterview(items, params.get('interviewId'));
  const view = interviewStatusView(selected?.status);
  const jobTitle = selected?.job_title || selected?.position || null;

  return (
    <div className="min-h-screen bg-slate-50">
      <div className="mx-auto max-w-3xl px-4 py-6 md:py-10">
        <BackButton onClick={() => navigate('/')}>Back to Opportunities</BackButton>
        <header className="mt-4">
          <h1 className="text-2xl font-semibold text-slate-900">{firstName(user?.name)}, your application status</h1>
          <p className="mt-1 text-slate-600">Here&apos;s where your interview stands</p>
          {jobTitle && <p className="mt-2 text-sm font-medium text-slate-700">Position: {jobTitle}</p>}
        </header>

        <section aria-label="Interview status" className="mt-6 rounded-xl border border-slate-200 bg-white p-6">
          {!selected ? (
            <>
              <p className="text-lg font-semibold text-slate-900">No interviews yet</p>
              <p className="mt-1 text-sm text-slate-600">Start an application from the marketplace to see it here.</p>
            </>
          ) : (
            <>
              <div className="flex flex-wrap items-center justify-between gap-3">
                {view.message && <p className="text-lg font-semibold text-slate-900">{view.message}</p>}
                {view.kind === 'in_progress' && (
                  <p className="text-lg font-semibold text-slate-900">Your interview has not been completed yet.</p>
                )}
                {view.badge && <Badge color={badgeColor(view.badge)}>{view.badge}</Badge>}
              </div>

              {view.kind === 'ready' && (
                <>
                  <p className="mt-2 text-sm text-slate-600">Your interview is set up. Start it when you are ready.</p>
                  {selected.job_id && <StartInterviewButton jobId={selected.job_id} className="mt-4" />}
                </>
              )}

              {view.kind === 'review' && (
                <>
                  <ol className="mt-6 space-y-4">
                    {TIMELINE.map(({ icon: Icon, title, text }, i) => (
                      <li key={title} className="flex gap-3">
                        <span className="flex h-9 w-9 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-700">
                          <Icon className="h-5 w-5" aria-hidden />
                        </span>
                        <div>
                          <p className="font-medium text-slate-900">
                            {i + 1}. {title}
                          </p>
                          <p className="text-sm text-slate-600">{text}</p>
                        </div>
                      </li>
                    ))}
                  </ol>
                  <Contact />
                </>
              )}

              {(view.kind === 'approved' || view.kind === 'rejected') && selected && (
                <DebriefLink interviewId={selected.id} />
              )}

              {view.kind === 'approved' && (
                <div className="mt-4 rounded-lg bg-green-50 p-4 text-sm text-green-900">
                  <p className="flex items-center gap-2 font-semibold">
                    <CheckCircle2 className="h-4 w-4" aria-hidden />
                    Next Steps
                  </p>
                  <p className="mt-1">
                    You&apos;ve been selected for this project. Open Your Jobs to read the onboarding document and start
                    your creative tasks as soon as they are assigned.
                  </p>
                  <NavButton
                    to="/jobs"
                    className="mt-3 rounded-md bg-green-700 px-3 py-1.5 text-sm font-semibold text-white hover:bg-green-800"
                  >
                    Go to Your Jobs
                  </NavButton>
                </div>
              )}

              {view.kind === 'rejected' && (
                <>
                  <p className="mt-2 text-sm text-slate-600">
                    We have decided to move forward with other candidates at this time... We appreciate the time you put
                    into your interview and encourage you to apply to future opportunities.
                  </p>
                  <Contact />
                </>
              )}

              {(view.kind === 'approved' || view.kind === 'rejected') && selected && (
                <DecisionExplanation interviewId={selected.id} />
              )}

              {view.kind === 'unknown' && (
                <>
                  <p className="mt-2 text-sm text-slate-600">Unable to retrieve interview status</p>
                  <p className="mt-1 text-sm text-slate-600">Please contact {SUPPORT_EMAIL} if this issue persists.</p>
                </>
              )}
            </>
          )}
        </section>

        <div className="mt-4">
          <PracticeLink jobId={selected?.job_id} />
        </div>

        <section aria-labelledby="my-apps" className="mt-8">
          <h2 id="my-apps" className="text-lg font-semibold text-slate-900">
            My Applications
          </h2>
          {items.length === 0 ? (
            <p className="mt-2 text-sm text-slate-600">You have no applications yet.</p>
          ) : (
            <ul className="mt-3 space-y-2">
              {items.map((item) => {
                const label = applicationBadge(item.status);
                return (
                  <li key={item.id}>
                    <NavButton
                      to={`/status?interviewId=${encodeURIComponent(item.id)}`}
                      aria-current={item.id === selected?.id ? 'true' : undefined}
                      data-testid="application-item"
                      className={`flex w-full flex-wrap items-center justify-between gap-2 rounded-lg border bg-white px-4 py-3 text-left hover:border-brand-500 ${
                        item.id === selected?.id ? 'border-brand-500 ring-2 ring-brand-100' : 'border-slate-200'
                      }`}
                    >
                      <div>
                        <p className="font-medium text-slate-900">{applicationTitle(item)}</p>
                        <p className="text-sm text-slate-500">{applicationWhen(item)}</p>
                      </div>
                      <Badge color={badgeColor(label)}>{label}</Badge>
                    </NavButton>
                  </li>
                );
              })}
            </ul>
          )}
        </section>
      </div>
    </div>
  );
}

/** The way to the interview's debrief, shown only when the server lets the candidate read it. */
function DebriefLink({ interviewId }: { interviewId: string }) {
  const debrief = useInterviewDebrief(interviewId);
  if (!debrief.isSuccess) return null;
  return (
    <NavButton
      to={`/interviews/${encodeURIComponent(interviewId)}/debrief`}
      className="mt-4 rounded-md border border-brand-600 px-3 py-1.5 text-sm font-semibold text-brand-700 hover:bg-brand-50"
    >
      See your interview debrief
    </NavButton>
  );
}

/** 'Interviewed {date}' once the interview was taken; before that, when it was set up or that it is under way (issue 43). */
function applicationWhen(item: StatusItem): string {
  if (item.status === 'not_started' || item.status === 'scheduled') return `Applied ${formatDate(item.created_at)}`;
  if (item.status === 'in_progress') return 'Interview in progress';
  return `Interviewed ${formatDate(item.completed_at || item.created_at)}`;
}
