import { describe, expect, it } from 'vitest';
import { resolveRedirect, safeRedirectPath, signInPathFor, type RedirectSession } from './redirects.ts';

const anonymous: RedirectSession = { status: 'anonymous' };
const admin = (onboardingStep: 'entity' | 'plan' | 'complete'): RedirectSession => ({
  status: 'signed-in',
  role: 'admin',
  onboardingStep,
});

describe('safeRedirectPath', () => {
  it('keeps a same-origin path with its query', () => {
    expect(safeRedirectPath('/flows/abc?x=1')).toBe('/flows/abc?x=1');
  });

  it.each(['https://evil.example', '//evil.example', '/\\evil.example', 'flows', '', null, undefined])(
    'rejects %s',
    (value) => {
      expect(safeRedirectPath(value)).toBeNull();
    },
  );

  it('rejects auth pages so signing in never lands back on them', () => {
    expect(safeRedirectPath('/sign-out')).toBeNull();
    expect(safeRedirectPath('/sign-in?redirectTo=/api')).toBeNull();
  });
});

describe('signInPathFor', () => {
  it('remembers the requested path', () => {
    expect(signInPathFor('/flows/123?cursor=9')).toBe('/sign-in?redirectTo=%2Fflows%2F123%3Fcursor%3D9');
  });

  it('leaves the home path implicit', () => {
    expect(signInPathFor('/leads')).toBe('/sign-in');
  });
});

describe('resolveRedirect', () => {
  it('route guard › anonymous visitor of a protected route goes to sign in with the path', () => {
    expect(resolveRedirect({ access: 'app', session: anonymous, location: '/api' })).toBe('/sign-in?redirectTo=%2Fapi');
  });

  it('route guard › anonymous visitor of onboarding goes to sign in', () => {
    expect(resolveRedirect({ access: 'onboarding-plan', session: anonymous, location: '/onboarding/plan' })).toBe(
      '/sign-in?redirectTo=%2Fonboarding%2Fplan',
    );
  });

  it('route guard › signed-in visitor of sign in goes to the leads', () => {
    expect(resolveRedirect({ access: 'guest', session: admin('complete'), location: '/sign-in' })).toBe('/leads');
  });

  it('route guard › signed-in visitor of sign in goes to the remembered path', () => {
    expect(
      resolveRedirect({ access: 'guest', session: admin('complete'), location: '/sign-in', redirectTo: '/api' }),
    ).toBe('/api');
  });

  it('route guard › an unsafe remembered path falls back to the leads', () => {
    expect(
      resolveRedirect({
        access: 'guest',
        session: admin('complete'),
        location: '/sign-in',
        redirectTo: 'https://evil.example',
      }),
    ).toBe('/leads');
  });

  it('route guard › anonymous visitor of sign in stays', () => {
    expect(resolveRedirect({ access: 'guest', session: anonymous, location: '/sign-in' })).toBeNull();
  });

  it('route guard › incomplete user goes to the missing onboarding step', () => {
    expect(resolveRedirect({ access: 'app', session: admin('entity'), location: '/flows' })).toBe('/onboarding/entity');
    expect(resolveRedirect({ access: 'app', session: admin('plan'), location: '/api' })).toBe('/onboarding/plan');
  });

  it('route guard › a route flagged as not needing onboarding renders for an incomplete user', () => {
    expect(
      resolveRedirect({ access: 'app', session: admin('entity'), location: '/sign-out', skipOnboarding: true }),
    ).toBeNull();
  });

  it('route guard › complete user visiting onboarding goes to flows (where onboarding ends)', () => {
    expect(
      resolveRedirect({ access: 'onboarding-entity', session: admin('complete'), location: '/onboarding/entity' }),
    ).toBe('/flows');
    expect(
      resolveRedirect({ access: 'onboarding-plan', session: admin('complete'), location: '/onboarding/plan' }),
    ).toBe('/flows');
  });

  it('route guard › plan onboarding without an entity goes to entity onboarding', () => {
    expect(resolveRedirect({ access: 'onboarding-plan', session: admin('entity'), location: '/onboarding/plan' })).toBe(
      '/onboarding/entity',
    );
  });

  it('route guard › entity onboarding after the entity exists goes to plan onboarding', () => {
    expect(
      resolveRedirect({ access: 'onboarding-entity', session: admin('plan'), location: '/onboarding/entity' }),
    ).toBe('/onboarding/plan');
  });

  it('route guard › user at their onboarding step stays', () => {
    expect(
      resolveRedirect({ access: 'onboarding-entity', session: admin('entity'), location: '/onboarding/entity' }),
    ).toBeNull();
    expect(
      resolveRedirect({ access: 'onboarding-plan', session: admin('plan'), location: '/onboarding/plan' }),
    ).toBeNull();
  });

  it('route guard › a non-admin cannot onboard', () => {
    expect(
      resolveRedirect({
        access: 'onboarding-entity',
        session: { status: 'signed-in', role: 'user', onboardingStep: 'entity' },
        location: '/onboarding/entity',
      }),
    ).toBe('/unauthorized');
  });

  it('route guard › a member on an admin-only page goes to /unauthorized; an admin stays', () => {
    const member: RedirectSession = { status: 'signed-in', role: 'user', onboardingStep: 'complete' };
    expect(resolveRedirect({ access: 'app', session: member, location: '/team', adminOnly: true })).toBe(
      '/unauthorized',
    );
    expect(resolveRedirect({ access: 'app', session: member, location: '/flows' })).toBeNull();
    expect(
      resolveRedirect({ access: 'app', session: admin('complete'), location: '/team', adminOnly: true }),
    ).toBeNull();
  });
});
