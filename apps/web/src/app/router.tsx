import type { ComponentType, ReactNode } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { createBrowserRouter, matchRoutes, type RouteObject } from 'react-router';
import { jobsQueryOptions } from '../api/jobs/get-jobs';
import { interviewsQueryOptions } from '../api/interviews/get-interviews';
import { authStorage } from '../lib/auth-storage';
import { AppLayout } from '../components/AppLayout';
import { RequireAuth } from './guards';
import { NotFoundPage } from './routes/NotFoundPage';

/** What stands around a page: the sign-in checks it needs, and the app's navigation or not. */
type Guard = (screen: ReactNode) => ReactNode;
const open: Guard = (screen) => screen;
/** Signed in only. */
const signedIn: Guard = (screen) => <RequireAuth>{screen}</RequireAuth>;
/** Signed in with a complete profile. */
const complete: Guard = (screen) => <RequireAuth requireCompleteProfile>{screen}</RequireAuth>;
/** ... and with the app's navigation around the page. */
const signedInWithNav: Guard = (screen) => signedIn(<AppLayout>{screen}</AppLayout>);
const completeWithNav: Guard = (screen) => complete(<AppLayout>{screen}</AppLayout>);

/**
 * A route whose screen loads only when it is opened: each page module is its own chunk, fetched by
 * the router while it matches the route (decision 0098). `name` is the page's export in the module.
 */
function page<K extends string, M extends Record<K, ComponentType>>(
  path: string,
  load: () => Promise<M>,
  name: K,
  guard: Guard = open,
): RouteObject {
  return {
    path,
    lazy: async () => {
      const Page: ComponentType = (await load())[name];
      return { element: guard(<Page />) };
    },
  };
}

/** The route table of docs/product/README.md, plus the application wizard and the provider console. */
export const appRoutes = (queryClient: QueryClient): RouteObject[] => [
  page('/forgot-password', () => import('../features/auth/components/ForgotPasswordPage'), 'ForgotPasswordPage'),
  page('/reset-password', () => import('../features/auth/components/ResetPasswordPage'), 'ResetPasswordPage'),
  page('/privacy', () => import('../features/auth/components/PrivacyPage'), 'PrivacyPage'),
  page('/bias-audit', () => import('../features/compliance/components/PublicBiasAuditPage'), 'PublicBiasAuditPage'),
  page('/login', () => import('../features/auth/components/LoginPage'), 'LoginPage'),
  // What invitation e-mails link to (issue 47): open, the token is the key.
  page('/invitation', () => import('../features/campaigns/components/InvitationPage'), 'InvitationPage'),
  page('/unsubscribe', () => import('../features/campaigns/components/UnsubscribePage'), 'UnsubscribePage'),
  page('/signup', () => import('../features/auth/components/SignupPage'), 'SignupPage'),
  page('/onboarding', () => import('./routes/OnboardingPage'), 'OnboardingPage', signedIn),
  page(
    '/job-application-onboarding',
    () => import('../features/application/components/EquipmentCheckPage'),
    'EquipmentCheckPage',
    signedInWithNav,
  ),
  // The application wizard's route is not given by the spec (docs/decisions/0005-web-routes.md).
  page(
    '/apply',
    () => import('../features/application/components/ApplicationWizardPage'),
    'ApplicationWizardPage',
    complete,
  ),
  {
    ...page(
      '/',
      () => import('../features/marketplace/components/MarketplacePage'),
      'MarketplacePage',
      completeWithNav,
    ),
    // The job list is public: fetch it while the page's code and the session check load, not after;
    // with a session, the candidate's interviews (the Applied badges) too, instead of after the check.
    loader: () => {
      void queryClient.prefetchQuery(jobsQueryOptions());
      if (authStorage.get()) void queryClient.prefetchQuery(interviewsQueryOptions());
      return null;
    },
  },
  page(
    '/interview-prep',
    () => import('../features/interview/components/InterviewPrepPage'),
    'InterviewPrepPage',
    complete,
  ),
  page(
    '/interview-prep/debrief',
    () => import('../features/debrief/components/PracticeDebriefPage'),
    'PracticeDebriefPage',
    completeWithNav,
  ),
  page(
    '/debriefs/:debriefId',
    () => import('../features/debrief/components/KeptDebriefPage'),
    'KeptDebriefPage',
    completeWithNav,
  ),
  page(
    '/interviews/:interviewId/debrief',
    () => import('../features/debrief/components/InterviewDebriefPage'),
    'InterviewDebriefPage',
    completeWithNav,
  ),
  page(
    '/interview',
    () => import('../features/status/components/PlaceholderInterviewPage'),
    'PlaceholderInterviewPage',
    complete,
  ),
  page(
    '/realtime-interview/:interviewId',
    () => import('../features/interview/components/RealtimeInterviewPage'),
    'RealtimeInterviewPage',
    (screen) => (
      <RequireAuth requireCompleteProfile loadingLabel="Loading your profile...">
        {screen}
      </RequireAuth>
    ),
  ),
  page('/status', () => import('../features/status/components/StatusPage'), 'StatusPage', complete),
  page('/jobs', () => import('./routes/YourJobsPage'), 'YourJobsPage', completeWithNav),
  page('/annotate/:taskId', () => import('../features/tasks/components/AnnotatePage'), 'AnnotatePage', completeWithNav),
  page('/earnings', () => import('../features/earnings/components/EarningsPage'), 'EarningsPage', completeWithNav),
  page(
    '/documents/:documentId',
    () => import('../features/contracting/components/DocumentPage'),
    'DocumentPage',
    completeWithNav,
  ),
  page('/tax-form', () => import('../features/contracting/components/TaxFormPage'), 'TaxFormPage', completeWithNav),
  page('/profile', () => import('./routes/ProfilePage'), 'ProfilePage', completeWithNav),
  page(
    '/admin/*',
    () => import('./console/AdminConsolePage'),
    'AdminConsolePage',
    (screen) => <RequireAuth requireAdmin>{screen}</RequireAuth>,
  ),
  { path: '*', element: <NotFoundPage /> },
];

export const createAppRouter = (queryClient: QueryClient, routes: RouteObject[] = appRoutes(queryClient)) =>
  createBrowserRouter(routes);

/**
 * Loads the screens of the routes matching `pathname` into the route table (their `lazy` replaced by
 * what it returned), so a router made from it renders the page at once instead of a first empty
 * render. The prerendered public screens need it: the prerender and the browser's hydration must
 * render the same page (decision 0130).
 */
export async function loadRouteScreens(routes: RouteObject[], pathname: string) {
  const matches = matchRoutes(routes, pathname) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const loaded = await route.lazy();
      Object.assign(route, loaded, { lazy: undefined });
    }),
  );
}
