import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { LoadingScreen } from '../components/loading-screen.tsx';
import { AppShell } from './layouts/app-shell.tsx';
import { RootLayout } from './root-layout.tsx';
import { RouteError } from './route-error.tsx';
import { RouteGuard, type RouteHandle } from './route-guard.tsx';
import { NotFoundPage } from './routes/not-found.tsx';
import { notFoundRoute, publicRoutes } from '../public/public-routes.tsx';

const skipOnboarding: RouteHandle = { skipOnboarding: true };
// Spec section 6: only admins manage the plan, API keys, flows, the team and the business's
// settings (decision 044); members who open these pages go to /unauthorized. The API refuses
// them too (403 `forbidden`).
const adminOnly: RouteHandle = { adminOnly: true };

/** Loads a route's page on first visit, so one page does not carry the whole console. */
function page<M extends Record<K, ComponentType>, K extends keyof M & string>(load: () => Promise<M>, name: K) {
  return async () => ({ Component: (await load())[name] });
}

/**
 * The console's routes, and the public pages so a link from the console to them needs no reload.
 * Paths here must be in CONSOLE_PATHS (console-paths.ts) or be public pages; router.test.ts checks.
 */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    // Shown while the first page's lazy module loads.
    HydrateFallback: LoadingScreen,
    children: [
      ...publicRoutes,
      { path: '/verify', lazy: page(() => import('./routes/verify.tsx'), 'VerifyPage') },
      {
        element: <RouteGuard access="guest" />,
        children: [
          { path: '/sign-in', lazy: page(() => import('./routes/sign-in.tsx'), 'SignInPage') },
          { path: '/sign-in/code', lazy: page(() => import('./routes/sign-in-code.tsx'), 'SignInCodePage') },
          { path: '/sign-up', lazy: page(() => import('./routes/sign-up.tsx'), 'SignUpPage') },
          { path: '/reset-password', lazy: page(() => import('./routes/reset-password.tsx'), 'ResetPasswordPage') },
          {
            path: '/reset-password/verify',
            lazy: page(() => import('./routes/reset-password.tsx'), 'ResetPasswordVerifyPage'),
          },
        ],
      },
      {
        element: <RouteGuard access="onboarding-entity" />,
        children: [
          {
            path: '/onboarding/entity',
            lazy: page(() => import('./routes/onboarding-entity.tsx'), 'OnboardingEntityPage'),
          },
        ],
      },
      {
        element: <RouteGuard access="onboarding-plan" />,
        children: [
          {
            path: '/onboarding/plan',
            lazy: page(() => import('./routes/onboarding-plan.tsx'), 'OnboardingPlanPage'),
          },
        ],
      },
      {
        element: <RouteGuard access="app" />,
        children: [
          {
            element: <AppShell />,
            children: [
              { path: '/leads', lazy: page(() => import('./routes/leads.tsx'), 'LeadsPage') },
              { path: '/leads/:leadId', lazy: page(() => import('./routes/lead.tsx'), 'LeadPage') },
              { path: '/flows', lazy: page(() => import('./routes/flows.tsx'), 'FlowsPage') },
              {
                path: '/flows/new',
                lazy: page(() => import('./routes/flow-new.tsx'), 'FlowNewPage'),
                handle: adminOnly,
              },
              {
                path: '/flows/:flowId/edit',
                lazy: page(() => import('./routes/flow-edit.tsx'), 'FlowEditPage'),
                handle: adminOnly,
              },
              {
                path: '/flows/:flowId/connect',
                lazy: page(() => import('./routes/flow-connect.tsx'), 'FlowConnectPage'),
                handle: adminOnly,
              },
              {
                path: '/flows/:flowId',
                lazy: page(() => import('./routes/flow-notifications.tsx'), 'FlowNotificationsPage'),
              },
              { path: '/setup', lazy: page(() => import('./routes/setup.tsx'), 'SetupPage') },
              { path: '/insights', lazy: page(() => import('./routes/insights.tsx'), 'InsightsPage') },
              { path: '/api', lazy: page(() => import('./routes/api-keys.tsx'), 'ApiKeysPage'), handle: adminOnly },
              { path: '/team', lazy: page(() => import('./routes/team.tsx'), 'TeamPage'), handle: adminOnly },
              { path: '/channels', lazy: page(() => import('./routes/channels.tsx'), 'ChannelsPage') },
              { path: '/billing', lazy: page(() => import('./routes/billing.tsx'), 'BillingPage'), handle: adminOnly },
              {
                path: '/business',
                lazy: page(() => import('./routes/business.tsx'), 'BusinessPage'),
                handle: adminOnly,
              },
              { path: '/account', lazy: page(() => import('./routes/account.tsx'), 'AccountPage') },
              {
                path: '/sign-out',
                lazy: page(() => import('./routes/sign-out.tsx'), 'SignOutPage'),
                handle: skipOnboarding,
              },
            ],
          },
        ],
      },
      // Signed in or not: the page itself says what fits, and who invited whom.
      { path: '/invite/:token', lazy: page(() => import('./routes/invite.tsx'), 'InvitePage') },
      { path: '/unauthorized', lazy: page(() => import('./routes/unauthorized.tsx'), 'UnauthorizedPage') },
      { path: '/not-found', element: <NotFoundPage /> },
      notFoundRoute,
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(routes);
}
