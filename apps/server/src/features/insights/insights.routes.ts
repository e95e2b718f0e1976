import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { InsightsQuerySchema, InsightsSchema } from '@leadbell/shared/insights';
import { entityIdOf, sessionUserOf } from '../../auth/require-session.ts';
import { entities } from '../../db/schema/entities.ts';
import { ENTITY_REQUIRED } from '../../http/openapi-responses.ts';
import type { RouteContext } from '../../http/route-context.ts';
import { getInsights } from './get-insights.ts';

export function registerInsightsRoutes(app: FastifyInstance, { db, requireSession, clock }: RouteContext) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/v1/insights',
    {
      schema: {
        summary: 'Speed-to-lead',
        description:
          'For the last 7, 30 or 90 days in the business’s time zone (today included): leads received, answered within target, median and 90th percentile time to claim, unanswered and escalated, for the team, each flow and each member (an admin sees everyone, a member themself), daily and as a histogram. `conversion`: Won out of the leads with an outcome, by time to first answer (under 5 min, 5–30 min, 30 min–4 h, later, never), flow, source and member who answered first, each with its counts, a small-sample flag (under 10 outcomes) and the value won.',
        querystring: InsightsQuerySchema,
        response: { 200: InsightsSchema, ...ENTITY_REQUIRED },
      },
      onRequest: requireSession,
      config: { readsLeads: true },
    },
    async (request) => {
      const user = sessionUserOf(request);
      const entityId = entityIdOf(request);
      const [entity] = await db.select({ timeZone: entities.timeZone }).from(entities).where(eq(entities.id, entityId));
      return getInsights(db, {
        entityId,
        days: request.query.days,
        now: clock.now(),
        timeZone: entity?.timeZone ?? 'UTC',
        viewerId: user.role === 'admin' ? null : user.id,
      });
    },
  );
}
