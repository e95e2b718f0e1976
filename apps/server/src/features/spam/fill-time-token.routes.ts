import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { FillTokenQuerySchema, FillTokenSchema } from '@leadbell/shared/notifications';
import type { Clock } from '../../lib/clock.ts';
import { FILL_TIME, type FillTimeTokens } from './fill-time-token.ts';

/**
 * `GET /v1/fill-token`: what a form's page fetches when it loads (the form snippet's script, the
 * SDK's `getFillToken`). Open to any site like `POST /v1/notify`, and answered without a statement:
 * any page may ask, so it costs an HMAC and nothing else, and says nothing about the flow.
 */
export function registerFillTimeTokenRoutes(
  app: FastifyInstance,
  { fillTimeTokens, clock }: { fillTimeTokens: FillTimeTokens; clock: Clock },
) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/v1/fill-token',
    {
      schema: {
        tags: ['Notifications'],
        summary: 'A form’s fill-time token',
        description: `Fetched by a form’s page when it loads; the form sends it back as \`_fillToken\` (or \`fillToken\` in JSON). A form sent within ${FILL_TIME.minimumSeconds} seconds of it, or with one forged, used before or older than ${FILL_TIME.lifetimeSeconds / 3600} hours, counts towards spam. Needs no key; the token is only good for its flow.`,
        querystring: FillTokenQuerySchema,
        response: { 200: FillTokenSchema },
      },
    },
    async (request, reply) => {
      reply.headers({ 'access-control-allow-origin': '*', 'cache-control': 'no-store' });
      return { token: fillTimeTokens.issue(request.query.flowId, clock.now()) };
    },
  );
}
