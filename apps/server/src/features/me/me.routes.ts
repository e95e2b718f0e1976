import type { FastifyInstance } from 'fastify';
import { sessionUserOf } from '../../auth/require-session.ts';
import type { RouteContext } from '../../http/route-context.ts';
import { getMe } from './get-me.ts';

export function registerMeRoutes(app: FastifyInstance, { db, requireSession }: RouteContext) {
  app.get('/v1/me', { onRequest: requireSession }, async (request, reply) =>
    reply.header('cache-control', 'no-store').send(await getMe(db, sessionUserOf(request))),
  );
}
