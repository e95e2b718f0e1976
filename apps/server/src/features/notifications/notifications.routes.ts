import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { NotificationPageQuerySchema, NotifyRequestSchema } from '@leadbell/shared/notifications';
import { entityIdOf } from '../../auth/require-session.ts';
import { IdParamsSchema } from '../../http/ids.ts';
import type { RouteContext } from '../../http/route-context.ts';
import { apiKeyCallerOf, authenticateApiKey } from '../api-keys/authenticate-api-key.ts';
import { ingestNotification } from './ingest-notification.ts';
import { listNotifications } from './list-notifications.ts';

export function registerNotificationRoutes(app: FastifyInstance, { db, requireSession }: RouteContext) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/v1/flows/:id/notifications',
    { schema: { params: IdParamsSchema, querystring: NotificationPageQuerySchema }, onRequest: requireSession },
    async (request) =>
      listNotifications(db, { flowId: request.params.id, entityId: entityIdOf(request), ...request.query }),
  );

  // The endpoint websites call, authenticated by API key rather than by a user's session.
  // Authenticated on request, before the body is even parsed, so a caller without a valid key
  // learns nothing more (not even whether its JSON is well formed) and costs no parsing.
  routes.post(
    '/v1/notify',
    {
      schema: { body: NotifyRequestSchema },
      onRequest: async (request) => {
        request.apiKeyCaller = await authenticateApiKey(db, request);
      },
    },
    async (request, reply) =>
      reply.status(202).send(await ingestNotification(db, apiKeyCallerOf(request), request.body)),
  );
}
