import type { FastifyInstance } from 'fastify';
import { MeSchema } from '@leadbell/shared/session';
import { sessionUserOf } from '../../auth/require-session.ts';
import type { RouteContext } from '../../http/route-context.ts';
import { getMe } from './get-me.ts';

export function registerMeRoutes(app: FastifyInstance, { db, requireSession, clock }: RouteContext) {
  const schema = {
    summary: 'Who is signed in',
    description:
      'The user, their business and where onboarding stands (`entity` → `plan` → `complete`). 401 when not signed in.',
    response: { 200: MeSchema },
  };
  app.get('/v1/me', { schema, onRequest: requireSession }, async (request, reply) =>
    reply.header('cache-control', 'no-store').send(await getMe(db, sessionUserOf(request), clock.now())),
  );
}
