/**
 * Every path the console's router answers, as route patterns. The build writes them to
 * dist/console-routes.json so the server answers these with the console shell (a reload on
 * /flows/abc keeps working) and every other unknown path with the 404 page and status 404.
 * router.test.ts keeps this list and the router in step.
 */
export const CONSOLE_PATHS = [
  '/sign-in',
  '/sign-in/code',
  '/sign-up',
  '/verify',
  '/reset-password',
  '/reset-password/verify',
  '/onboarding/entity',
  '/onboarding/plan',
  '/leads',
  '/leads/:leadId',
  '/flows',
  '/flows/new',
  '/flows/:flowId/edit',
  '/flows/:flowId/connect',
  '/flows/:flowId',
  '/setup',
  '/insights',
  '/api',
  '/account',
  '/team',
  '/billing',
  '/channels',
  '/business',
  '/invite/:token',
  '/sign-out',
  '/unauthorized',
  '/not-found',
] as const;
