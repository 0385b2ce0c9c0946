import { lazy, Suspense } from 'react';
import { NavLink, Navigate, Route, Routes } from 'react-router';
import { ArrowLeft, Briefcase, ClipboardList, Search, Users, Wallet } from 'lucide-react';
import { PRODUCT_NAME } from '@app/shared';
import { JobsPage } from './JobsPage';
import { JobFormPage } from './JobFormPage';
import { ApplicantsPage } from './ApplicantsPage';
import { InterviewReviewPage } from './InterviewReviewPage';
import { CandidatePage } from './CandidatePage';
import { TasksPage } from './TasksPage';
import { PayoutsPage } from './PayoutsPage';
import { TalentPage } from './TalentPage';
import { ReviewQueuePage } from './ReviewQueuePage';
import { Spinner } from '../../../components/Spinner';

// The quality view carries the chart library: its own chunk, fetched when it is opened (decision 0159).
const QualityPage = lazy(() => import('./QualityPage').then((m) => ({ default: m.QualityPage })));

const NAV = [
  { to: '/admin/jobs', label: 'Jobs', icon: Briefcase },
  { to: '/admin/applicants', label: 'Applicants', icon: Users },
  { to: '/admin/talent', label: 'Talent', icon: Search },
  { to: '/admin/tasks', label: 'Tasks', icon: ClipboardList },
  { to: '/admin/payouts', label: 'Payouts', icon: Wallet },
];

const linkClass = ({ isActive }: { isActive: boolean }) =>
  `flex items-center gap-2 rounded-md px-3 py-2 text-sm font-medium ${
    isActive ? 'bg-brand-50 text-brand-700' : 'text-slate-600 hover:bg-slate-100 hover:text-slate-900'
  }`;

/** The provider console (/admin/*, admins only): jobs, applicants and interviews, talent search, tasks, payouts. */
export function AdminConsolePage() {
  return (
    <div className="min-h-screen bg-slate-50 md:flex">
      <aside className="border-b border-slate-200 bg-white md:sticky md:top-0 md:flex md:h-screen md:w-56 md:shrink-0 md:flex-col md:border-r md:border-b-0">
        <div className="px-5 py-4">
          <div className="text-lg font-semibold text-brand-700">{PRODUCT_NAME}</div>
          <div className="text-xs font-medium tracking-wide text-slate-500 uppercase">Provider console</div>
        </div>
        <nav aria-label="Console" className="grid grid-cols-2 gap-1 px-3 pb-3 sm:flex md:flex-1 md:flex-col md:pb-0">
          {NAV.map(({ to, label, icon: Icon }) => (
            <NavLink key={to} to={to} className={linkClass}>
              <Icon className="h-4 w-4" aria-hidden />
              {label}
            </NavLink>
          ))}
        </nav>
        <div className="border-t border-slate-200 px-3 py-2 md:py-3">
          <NavLink to="/" className={linkClass({ isActive: false })}>
            <ArrowLeft className="h-4 w-4" aria-hidden />
            Back to the app
          </NavLink>
        </div>
      </aside>
      <main className="min-w-0 flex-1 px-4 py-6 md:px-8">
        <div className="mx-auto max-w-6xl">
          <Routes>
            <Route index element={<Navigate to="jobs" replace />} />
            <Route path="jobs" element={<JobsPage />} />
            <Route path="jobs/new" element={<JobFormPage />} />
            <Route path="jobs/:jobId/edit" element={<JobFormPage />} />
            <Route path="applicants" element={<ApplicantsPage />} />
            <Route path="interviews/:interviewId" element={<InterviewReviewPage />} />
            <Route path="candidates/:candidateId" element={<CandidatePage />} />
            <Route path="tasks" element={<TasksPage />} />
            <Route
              path="jobs/:jobId/quality"
              element={
                <Suspense fallback={<Spinner label="Loading the quality report..." />}>
                  <QualityPage />
                </Suspense>
              }
            />
            <Route path="jobs/:jobId/review" element={<ReviewQueuePage />} />
            <Route path="payouts" element={<PayoutsPage />} />
            <Route path="talent" element={<TalentPage />} />
            <Route path="*" element={<Navigate to="jobs" replace />} />
          </Routes>
        </div>
      </main>
    </div>
  );
}
