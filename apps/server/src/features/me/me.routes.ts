import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { MeSchema } from '@leadbell/shared/session';
import { AvailabilitySchema, AvailabilityStateSchema } from '@leadbell/shared/team';
import { sessionUserOf } from '../../auth/require-session.ts';
import type { RouteContext } from '../../http/route-context.ts';
import { getAvailability } from './get-availability.ts';
import { getMe } from './get-me.ts';
import { setAvailability } from './set-availability.ts';

export function registerMeRoutes(app: FastifyInstance, { db, requireSession, clock }: RouteContext) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const schema = {
    summary: 'Who is signed in',
    description:
      'The user, their business and where onboarding stands (`entity` → `plan` → `complete`). 401 when not signed in.',
    response: { 200: MeSchema },
  };
  app.get('/v1/me', { schema, onRequest: requireSession }, async (request, reply) =>
    reply.header('cache-control', 'no-store').send(await getMe(db, sessionUserOf(request), clock.now())),
  );

  routes.get(
    '/v1/me/availability',
    {
      schema: {
        summary: 'Am I away',
        description: '`away` and since when (`awaySince`), or available.',
        response: { 200: AvailabilityStateSchema },
      },
      onRequest: requireSession,
    },
    async (request) => getAvailability(db, sessionUserOf(request).id),
  );

  routes.put(
    '/v1/me/availability',
    {
      schema: {
        summary: 'Set myself away, or back',
        description:
          '`{ away: true }`: no lead pushes, texts or calls reach me, and a flow ringing in turn skips me, from the next lead on, while a teammate is available (when every member is away, everyone is rung). `{ away: false }`: back.',
        body: AvailabilitySchema,
        response: { 200: AvailabilityStateSchema },
      },
      onRequest: requireSession,
    },
    async (request) => setAvailability(db, sessionUserOf(request).id, request.body),
  );
}
