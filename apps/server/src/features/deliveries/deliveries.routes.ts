import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { DeliveryDetailListSchema } from '@leadbell/shared/notifications';
import { entityIdOf } from '../../auth/require-session.ts';
import { IdParamsSchema } from '../../http/ids.ts';
import { ENTITY_REQUIRED } from '../../http/openapi-responses.ts';
import type { RouteContext } from '../../http/route-context.ts';
import { listDeliveries } from './list-deliveries.ts';

export function registerDeliveryRoutes(app: FastifyInstance, { db, requireSession }: RouteContext) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/v1/notifications/:id/deliveries',
    {
      schema: {
        summary: 'Where a notification went',
        description:
          'Each device and mailbox the notification was sent to, with its status; automatic email copies say why (`fallbackReason`).',
        params: IdParamsSchema,
        response: { 200: DeliveryDetailListSchema, ...ENTITY_REQUIRED },
      },
      onRequest: requireSession,
      config: { readsLeads: true },
    },
    async (request) => ({ data: await listDeliveries(db, entityIdOf(request), request.params.id) }),
  );
}
