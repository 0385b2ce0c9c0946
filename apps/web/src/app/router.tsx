import type { ReactNode } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { jobsQueryOptions } from '../api/jobs/get-jobs';
import { interviewsQueryOptions } from '../api/interviews/get-interviews';
import { authStorage } from '../lib/auth-storage';
import { AppLayout } from '../components/AppLayout';
import { RequireAuth } from './guards';
import { NotFoundPage } from './routes/NotFoundPage';

/**
 * A route whose screen loads only when it is opened: each page module is its own chunk, fetched by
 * the router while it matches the route (decision 0098). `show` wraps the page in its guards.
 */
function page<M>(load: () => Promise<M>, show: (module: M) => ReactNode): Pick<RouteObject, 'lazy'> {
  return { lazy: async () => ({ element: show(await load()) }) };
}

/** Signed in only. */
const signedIn = (el: ReactNode, withNav = false) => (
  <RequireAuth>{withNav ? <AppLayout>{el}</AppLayout> : el}</RequireAuth>
);
/** Signed in with a complete profile. */
const complete = (el: ReactNode, withNav = false) => (
  <RequireAuth requireCompleteProfile>{withNav ? <AppLayout>{el}</AppLayout> : el}</RequireAuth>
);

/** The route table of docs/product/README.md, plus the application wizard and the provider console. */
const appRoutes = (queryClient: QueryClient): RouteObject[] => [
  {
    path: '/forgot-password',
    ...page(
      () => import('../features/auth/components/ForgotPasswordPage'),
      (m) => <m.ForgotPasswordPage />,
    ),
  },
  {
    path: '/reset-password',
    ...page(
      () => import('../features/auth/components/ResetPasswordPage'),
      (m) => <m.ResetPasswordPage />,
    ),
  },
  {
    path: '/privacy',
    ...page(
      () => import('../features/auth/components/PrivacyPage'),
      (m) => <m.PrivacyPage />,
    ),
  },
  {
    path: '/login',
    ...page(
      () => import('../features/auth/components/LoginPage'),
      (m) => <m.LoginPage />,
    ),
  },
  {
    path: '/signup',
    ...page(
      () => import('../features/auth/components/SignupPage'),
      (m) => <m.SignupPage />,
    ),
  },
  {
    path: '/onboarding',
    ...page(
      () => import('../features/onboarding/components/OnboardingPage'),
      (m) => signedIn(<m.OnboardingPage />),
    ),
  },
  {
    path: '/job-application-onboarding',
    ...page(
      () => import('../features/application/components/EquipmentCheckPage'),
      (m) => signedIn(<m.EquipmentCheckPage />, true),
    ),
  },
  // The application wizard's route is not given by the spec (docs/decisions/0005-web-routes.md).
  {
    path: '/apply',
    ...page(
      () => import('../features/application/components/ApplicationWizardPage'),
      (m) => complete(<m.ApplicationWizardPage />),
    ),
  },
  {
    path: '/',
    // The job list is public: fetch it while the page's code and the session check load, not after;
    // with a session, the candidate's interviews (the Applied badges) too, instead of after the check.
    loader: () => {
      void queryClient.prefetchQuery(jobsQueryOptions());
      if (authStorage.get()) void queryClient.prefetchQuery(interviewsQueryOptions());
      return null;
    },
    ...page(
      () => import('../features/marketplace/components/MarketplacePage'),
      (m) => complete(<m.MarketplacePage />, true),
    ),
  },
  {
    path: '/interview-prep',
    ...page(
      () => import('../features/interview/components/InterviewPrepPage'),
      (m) => complete(<m.InterviewPrepPage />),
    ),
  },
  {
    path: '/interview',
    ...page(
      () => import('../features/status/components/PlaceholderInterviewPage'),
      (m) => complete(<m.PlaceholderInterviewPage />),
    ),
  },
  {
    path: '/realtime-interview/:interviewId',
    ...page(
      () => import('../features/interview/components/RealtimeInterviewPage'),
      (m) => (
        <RequireAuth requireCompleteProfile loadingLabel="Loading your profile...">
          <m.RealtimeInterviewPage />
        </RequireAuth>
      ),
    ),
  },
  {
    path: '/status',
    ...page(
      () => import('../features/status/components/StatusPage'),
      (m) => complete(<m.StatusPage />),
    ),
  },
  {
    path: '/jobs',
    ...page(
      () => import('../features/jobs/components/YourJobsPage'),
      (m) => complete(<m.YourJobsPage />, true),
    ),
  },
  {
    path: '/annotate/:taskId',
    ...page(
      () => import('../features/tasks/components/AnnotatePage'),
      (m) => complete(<m.AnnotatePage />, true),
    ),
  },
  {
    path: '/earnings',
    ...page(
      () => import('../features/earnings/components/EarningsPage'),
      (m) => complete(<m.EarningsPage />, true),
    ),
  },
  {
    path: '/profile',
    ...page(
      () => import('../features/profile/components/ProfilePage'),
      (m) => complete(<m.ProfilePage />, true),
    ),
  },
  {
    path: '/admin/*',
    ...page(
      () => import('../features/admin/components/AdminConsolePage'),
      (m) => (
        <RequireAuth requireAdmin>
          <m.AdminConsolePage />
        </RequireAuth>
      ),
    ),
  },
  { path: '*', element: <NotFoundPage /> },
];

export const createAppRouter = (queryClient: QueryClient) => createBrowserRouter(appRoutes(queryClient));
