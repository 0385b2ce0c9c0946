import type { ReactNode } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { AppLayout } from '../components/AppLayout';
import { RequireAuth } from './guards';
import { NotFoundPage } from './routes/NotFoundPage';
import { LoginPage } from '../features/auth/components/LoginPage';
import { SignupPage } from '../features/auth/components/SignupPage';
import { OnboardingPage } from '../features/onboarding/components/OnboardingPage';
import { ApplicationWizardPage } from '../features/application/components/ApplicationWizardPage';
import { EquipmentCheckPage } from '../features/application/components/EquipmentCheckPage';
import { ProfilePage } from '../features/profile/components/ProfilePage';
import { MarketplacePage } from '../features/marketplace/components/MarketplacePage';
import { YourJobsPage } from '../features/jobs/components/YourJobsPage';
import { AnnotatePage } from '../features/tasks/components/AnnotatePage';
import { EarningsPage } from '../features/earnings/components/EarningsPage';
import { StatusPage } from '../features/status/components/StatusPage';
import { PlaceholderInterviewPage } from '../features/status/components/PlaceholderInterviewPage';
import { RealtimeInterviewPage } from '../features/interview/components/RealtimeInterviewPage';
import { InterviewPrepPage } from '../features/interview/components/InterviewPrepPage';
import { AdminConsolePage } from '../features/admin/components/AdminConsolePage';

/** Signed in only. */
const signedIn = (el: ReactNode, withNav = false) => (
  <RequireAuth>{withNav ? <AppLayout>{el}</AppLayout> : el}</RequireAuth>
);
/** Signed in with a complete profile. */
const complete = (el: ReactNode, withNav = false) => (
  <RequireAuth requireCompleteProfile>{withNav ? <AppLayout>{el}</AppLayout> : el}</RequireAuth>
);

/** The route table of spec part 2 section 2.1, plus the application wizard and the provider console. */
export const routes: RouteObject[] = [
  { path: '/login', element: <LoginPage /> },
  { path: '/signup', element: <SignupPage /> },
  { path: '/onboarding', element: signedIn(<OnboardingPage />) },
  { path: '/job-application-onboarding', element: signedIn(<EquipmentCheckPage />, true) },
  // The application wizard's route is not given by the spec (docs/decisions/0005-web-routes.md).
  { path: '/apply', element: complete(<ApplicationWizardPage />) },
  { path: '/', element: complete(<MarketplacePage />, true) },
  { path: '/interview-prep', element: complete(<InterviewPrepPage />) },
  { path: '/interview', element: complete(<PlaceholderInterviewPage />) },
  {
    path: '/realtime-interview/:interviewId',
    element: (
      <RequireAuth requireCompleteProfile loadingLabel="Loading your profile...">
        <RealtimeInterviewPage />
      </RequireAuth>
    ),
  },
  { path: '/status', element: complete(<StatusPage />) },
  { path: '/jobs', element: complete(<YourJobsPage />, true) },
  { path: '/annotate/:taskId', element: complete(<AnnotatePage />, true) },
  { path: '/earnings', element: complete(<EarningsPage />, true) },
  { path: '/profile', element: complete(<ProfilePage />, true) },
  {
    path: '/admin/*',
    element: (
      <RequireAuth requireAdmin>
        <AdminConsolePage />
      </RequireAuth>
    ),
  },
  { path: '*', element: <NotFoundPage /> },
];

export const createAppRouter = () => createBrowserRouter(routes);
