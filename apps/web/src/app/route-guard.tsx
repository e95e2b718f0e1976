import { Navigate, Outlet, useLocation, useMatches, useSearchParams } from 'react-router';
import { LoadingScreen } from '../components/loading-screen.tsx';
import { SignedInUserProvider, useSession } from '../lib/auth.ts';
import { resolveRedirect, type RedirectSession, type RouteAccess } from '../lib/redirects.ts';

/** Route `handle` flags read by the guard. */
export type RouteHandle = { skipOnboarding?: boolean; adminOnly?: boolean };

function hasFlag(handle: unknown, flag: keyof RouteHandle): boolean {
  return typeof handle === 'object' && handle !== null && (handle as RouteHandle)[flag] === true;
}

/** Renders its child routes only for the sessions `access` allows; sends everyone else on. */
export function RouteGuard({ access }: { access: RouteAccess }) {
  const session = useSession();
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const matches = useMatches();

  if (session.status === 'unknown') return <LoadingScreen />;

  const redirectSession: RedirectSession =
    session.status === 'anonymous'
      ? { status: 'anonymous' }
      : { status: 'signed-in', role: session.me.user.role, onboardingStep: session.me.onboardingStep };

  const target = resolveRedirect({
    access,
    session: redirectSession,
    location: `${location.pathname}${location.search}`,
    redirectTo: searchParams.get('redirectTo'),
    skipOnboarding: matches.some((match) => hasFlag(match.handle, 'skipOnboarding')),
    adminOnly: matches.some((match) => hasFlag(match.handle, 'adminOnly')),
  });

  if (target) return <Navigate to={target} replace />;
  return session.status === 'signed-in' ? (
    <SignedInUserProvider value={session.me}>
      <Outlet />
    </SignedInUserProvider>
  ) : (
    <Outlet />
  );
}
