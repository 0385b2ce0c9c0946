import { lazy, Suspense, useEffect, useState } from 'react';
import { NavLink, Navigate, Route, Routes, useLocation } from 'react-router';
import {
  Activity,
  ArrowLeft,
  Banknote,
  Briefcase,
  ClipboardList,
  Eye,
  FileSignature,
  Flag,
  KeyRound,
  Gavel,
  Menu,
  Receipt,
  Scale,
  Search,
  UserCheck,
  Webhook,
  Users,
  Wallet,
  X,
} from 'lucide-react';
import { PRODUCT_NAME } from '@app/shared';
// Each domain's console screens live in its feature (decision 0232); the shell composes them here.
import { JobsPage } from '../../features/jobs/console/JobsPage';
import { JobFormPage } from '../../features/jobs/console/JobFormPage';
import { ApplicantsPage } from '../../features/interview/console/ApplicantsPage';
import { InterviewReviewPage } from '../../features/interview/console/InterviewReviewPage';
import { CandidatePage } from '../../features/interview/console/CandidatePage';
import { TalentPage } from '../../features/talent/console/TalentPage';
import { TasksPage } from '../../features/tasks/console/TasksPage';
import { ReviewQueuePage } from '../../features/tasks/console/ReviewQueuePage';
import { PayoutsPage } from '../../features/earnings/console/PayoutsPage';
import { PayoutBatchesPage } from '../../features/earnings/console/PayoutBatchesPage';
import { DisputesPage } from '../../features/earnings/console/DisputesPage';
import { Form1099NecPage } from '../../features/contracting/console/Form1099NecPage';
import { DocumentTemplatesPage } from '../../features/contracting/console/DocumentTemplatesPage';
import { CandidateDocuments } from '../../features/contracting/console/CandidateDocuments';
import { AppealsPage, OversightPage } from '../../features/compliance/console/OversightPage';
import { BiasAuditPage } from '../../features/compliance/console/BiasAuditPage';
import { AlternativesPage } from '../../features/compliance/console/AlternativesPage';
import { FunnelPage } from '../../features/campaigns/console/FunnelPage';
import { WebhooksPage } from '../../features/integrations/console/WebhooksPage';
import { ApiKeysPage } from '../../features/integrations/console/ApiKeysPage';
import { Spinner } from '../../components/Spinner';
// Platform, not a domain: the background queues and instances (issue 45).
import { HealthPage } from './HealthPage';
import { InvitationsPage } from '../../features/campaigns/console/InvitationsPage';

// The quality view carries the chart library: its own chunk, fetched when it is opened (decision 0159).
const QualityPage = lazy(() =>
  import('../../features/tasks/console/QualityPage').then((m) => ({ default: m.QualityPage })),
);

const NAV = [
  { to: '/admin/jobs', label: 'Jobs', icon: Briefcase },
  { to: '/admin/applicants', label: 'Applicants', icon: Users },
  { to: '/admin/talent', label: 'Talent', icon: Search },
  { to: '/admin/tasks', label: 'Tasks', icon: ClipboardList },
  { to: '/admin/payouts', label: 'Payouts', icon: Wallet },
  { to: '/admin/payout-batches', label: 'Payout batches', icon: Banknote },
  { to: '/admin/disputes', label: 'Disputes', icon: Flag },
  { to: '/admin/1099-nec', label: '1099-NEC', icon: Receipt },
  { to: '/admin/document-templates', label: 'Document templates', icon: FileSignature },
  { to: '/admin/oversight', label: 'Oversight', icon: Eye },
  { to: '/admin/appeals', label: 'Appeals', icon: Gavel },
  { to: '/admin/bias-audit', label: 'Bias audit', icon: Scale },
  { to: '/admin/alternatives', label: 'Human-only', icon: UserCheck },
  { to: '/admin/webhooks', label: 'Webhooks', icon: Webhook },
  { to: '/admin/api-keys', label: 'API keys', icon: KeyRound },
  { to: '/admin/health', label: 'Health', icon: Activity },
];

const linkClass = ({ isActive }: { isActive: boolean }) =>
  `flex items-center gap-2 rounded-md px-3 py-2 text-sm font-medium ${
    isActive ? 'bg-brand-50 text-brand-700' : 'text-slate-600 hover:bg-slate-100 hover:text-slate-900'
  }`;

/**
 * The provider console (/admin/*, admins only): jobs, applicants and interviews, talent search, tasks,
 * payouts and bank files, disputes, the 1099-NEC list, the onboarding documents' templates, and the
 * health of the background work. The shell (navigation, the phone's menu, the sections' routes) is this
 * one file; each section's screen is its domain feature's, but Health (the platform's) is beside it.
 */
export function AdminConsolePage() {
  // On a phone the navigation is a menu, closed again once a page is picked (issue 34).
  const [menuOpen, setMenuOpen] = useState(false);
  const { pathname } = useLocation();
  useEffect(() => setMenuOpen(false), [pathname]);
  return (
    <div className="min-h-screen bg-slate-50 md:flex">
      <aside className="border-b border-slate-200 bg-white md:sticky md:top-0 md:flex md:h-screen md:w-56 md:shrink-0 md:flex-col md:border-r md:border-b-0">
        <div className="flex items-center justify-between px-5 py-4">
          <div>
            <div className="text-lg font-semibold text-brand-700">{PRODUCT_NAME}</div>
            <div className="text-xs font-medium tracking-wide text-slate-500 uppercase">Provider console</div>
          </div>
          <button
            type="button"
            aria-expanded={menuOpen}
            aria-controls="console-menu"
            onClick={() => setMenuOpen((v) => !v)}
            className="inline-flex items-center gap-1 rounded-md border border-slate-300 px-3 py-1.5 text-sm font-medium text-slate-700 md:hidden"
          >
            {menuOpen ? <X className="h-4 w-4" aria-hidden /> : <Menu className="h-4 w-4" aria-hidden />}
            Menu
          </button>
        </div>
        <div id="console-menu" className={`${menuOpen ? 'block' : 'hidden'} md:flex md:min-h-0 md:flex-1 md:flex-col`}>
          {/* The list scrolls on a short screen, so the way back to the app stays in view below it. */}
          <nav
            aria-label="Console"
            className="flex flex-col gap-1 px-3 pb-3 md:min-h-0 md:flex-1 md:overflow-y-auto md:pb-0"
          >
            {NAV.map(({ to, label, icon: Icon }) => (
              // Closes the menu also when the page picked is the one shown (the path does not change then).
              <NavLink key={to} to={to} className={linkClass} onClick={() => setMenuOpen(false)}>
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
            <Route
              path="candidates/:candidateId"
              element={<CandidatePage documents={(userId) => <CandidateDocuments userId={userId} />} />}
            />
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
            <Route path="jobs/:jobId/invitations" element={<InvitationsPage />} />
            <Route path="jobs/:jobId/funnel" element={<FunnelPage />} />
            <Route path="payouts" element={<PayoutsPage />} />
            <Route path="payout-batches" element={<PayoutBatchesPage />} />
            <Route path="disputes" element={<DisputesPage />} />
            <Route path="1099-nec" element={<Form1099NecPage />} />
            <Route path="document-templates" element={<DocumentTemplatesPage />} />
            <Route path="talent" element={<TalentPage />} />
            <Route path="oversight" element={<OversightPage />} />
            <Route path="appeals" element={<AppealsPage />} />
            <Route path="bias-audit" element={<BiasAuditPage />} />
            <Route path="alternatives" element={<AlternativesPage />} />
            <Route path="webhooks" element={<WebhooksPage />} />
            <Route path="api-keys" element={<ApiKeysPage />} />
            <Route path="health" element={<HealthPage />} />
            {/* Absolute: a relative path in a splat route resolves below the unknown address itself
                (/admin/x/jobs), which matches this route again and redirects without end. */}
            <Route path="*" element={<Navigate to="/admin/jobs" replace />} />
          </Routes>
        </div>
      </main>
    </div>
  );
}
