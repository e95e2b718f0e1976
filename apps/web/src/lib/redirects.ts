import type { OnboardingStep, Role } from '@leadbell/shared/session';

/**
 * Who may see a route (spec section 2, "Shell and redirects"):
 * - `guest`: sign-in and sign-up; signed-in users are sent on.
 * - `app`: needs a signed-in user who finished onboarding (unless `skipOnboarding`); an
 *   `adminOnly` route sends members to /unauthorized (spec section 6: only admins manage the plan,
 *   API keys, flows and the team).
 * - `onboarding-entity` / `onboarding-plan`: needs a signed-in admin at that step.
 */
export type RouteAccess = 'guest' | 'app' | 'onboarding-entity' | 'onboarding-plan';

export type RedirectSession =
  { status: 'anonymous' } | { status: 'signed-in'; role: Role; onboardingStep: OnboardingStep };

type RedirectInput = {
  access: RouteAccess;
  session: RedirectSession;
  /** The current location, `pathname + search`. */
  location: string;
  /** `redirectTo` from the query string, untrusted. */
  redirectTo?: string | null;
  skipOnboarding?: boolean;
  adminOnly?: boolean;
};

/** Where a person lands: the leads waiting for an answer (decision 042). */
export const HOME_PATH = '/leads';
/** Where onboarding ends (the specification's rule): the flows and the first-day checklist. */
export const ONBOARDED_PATH = '/flows';
export const SIGN_IN_PATH = '/sign-in';
export const UNAUTHORIZED_PATH = '/unauthorized';

const ONBOARDING_PATHS: Record<Exclude<OnboardingStep, 'complete'>, string> = {
  entity: '/onboarding/entity',
  plan: '/onboarding/plan',
};

/** Paths that make no sense to come back to after signing in. */
const NOT_RETURNABLE = ['/sign-out', '/sign-in', '/sign-up', '/verify'];

/**
 * Accepts only same-origin absolute paths, so `?redirectTo=` cannot send people to another site
 * (`//evil.example` and `/\evil.example` are protocol-relative in browsers).
 */
export function safeRedirectPath(value: string | null | undefined): string | null {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  if ([...value].some((char) => char.charCodeAt(0) < 0x20)) return null;
  const pathname = value.split(/[?#]/)[0] ?? '';
  if (NOT_RETURNABLE.includes(pathname)) return null;
  return value;
}

/** The sign-in URL for an anonymous visitor of `location`, remembering where they were going. */
export function signInPathFor(location: string): string {
  const target = safeRedirectPath(location);
  if (!target || target === HOME_PATH) return SIGN_IN_PATH;
  return `${SIGN_IN_PATH}?${new URLSearchParams({ redirectTo: target }).toString()}`;
}

/** Where the route guard should send this session instead, or null to render the route. */
export function resolveRedirect({
  access,
  session,
  location,
  redirectTo,
  skipOnboarding = false,
  adminOnly = false,
}: RedirectInput): string | null {
  if (access === 'guest') {
    if (session.status === 'anonymous') return null;
    return safeRedirectPath(redirectTo) ?? HOME_PATH;
  }

  if (session.status === 'anonymous') return signInPathFor(location);

  const step = session.onboardingStep;

  if (access === 'app') {
    if (step !== 'complete' && !skipOnboarding) return ONBOARDING_PATHS[step];
    return adminOnly && session.role !== 'admin' ? UNAUTHORIZED_PATH : null;
  }

  // Onboarding creates the entity, which only an admin may do (spec section 6).
  if (session.role !== 'admin') return UNAUTHORIZED_PATH;
  if (step === 'complete') return ONBOARDED_PATH;
  const wanted = access === 'onboarding-entity' ? 'entity' : 'plan';
  return step === wanted ? null : ONBOARDING_PATHS[step];
}
