import type { FastifyInstance } from 'fastify';
import { entityIdOf } from '../../auth/require-session.ts';
import type { RouteContext } from '../../http/route-context.ts';
import { getUsage } from './get-usage.ts';

export function registerUsageRoutes(app: FastifyInstance, { db, requireSession }: RouteContext) {
  app.get('/v1/usage', { onRequest: requireSession }, async (request, reply) =>
    reply.header('cache-control', 'no-store').send(await getUsage(db, entityIdOf(request))),
  );
}
