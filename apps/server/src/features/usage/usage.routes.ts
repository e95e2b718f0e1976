import type { FastifyInstance } from 'fastify';
import { UsageSchema } from '@leadbell/shared/billing';
import { entityIdOf } from '../../auth/require-session.ts';
import { ENTITY_REQUIRED } from '../../http/openapi-responses.ts';
import type { RouteContext } from '../../http/route-context.ts';
import { getUsage } from './get-usage.ts';

export function registerUsageRoutes(app: FastifyInstance, { db, requireSession, clock }: RouteContext) {
  const schema = {
    summary: 'This billing month’s usage',
    description: 'Notifications counted against the plan this billing month, overage and what is left.',
    response: { 200: UsageSchema, ...ENTITY_REQUIRED },
  };
  app.get('/v1/usage', { schema, onRequest: requireSession }, async (request, reply) =>
    reply.header('cache-control', 'no-store').send(await getUsage(db, entityIdOf(request), clock.now())),
  );
}
