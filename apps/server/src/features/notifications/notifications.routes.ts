import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  NOTIFY_BODY_LIMIT_BYTES,
  NotificationPageQuerySchema,
  NotificationPageSchema,
} from '@leadbell/shared/notifications';
import { entityIdOf } from '../../auth/require-session.ts';
import { IdParamsSchema } from '../../http/ids.ts';
import { documentationOnly, ENTITY_REQUIRED, serializedAsIs } from '../../http/openapi-responses.ts';
import type { RouteContext } from '../../http/route-context.ts';
import { listNotifications } from './list-notifications.ts';
import { addIngestionBodyParsers } from './ingestion-body-parsers.ts';
import { isFormPost, receiveSubmission, type ReceiveDependencies } from './receive-notification.ts';
import { apiKeyOfHeaders } from '../api-keys/authenticate-api-key.ts';
import { notifySubmissionOf } from './notify-submission.ts';
import { NOTIFY_PREFLIGHT_SCHEMA, NOTIFY_SCHEMA } from './notify-openapi.ts';

const CORS_HEADERS = {
  // Any site may call; keys limited to origins are checked per request (notify-origin.ts).
  'access-control-allow-origin': '*',
  'access-control-expose-headers':
    'retry-after, idempotent-replayed, x-request-id, ratelimit-limit, ratelimit-remaining, ratelimit-reset',
};

const PREFLIGHT_HEADERS = {
  ...CORS_HEADERS,
  'access-control-allow-methods': 'POST, OPTIONS',
  'access-control-allow-headers': 'authorization, x-api-key, content-type, idempotency-key',
  'access-control-max-age': '86400',
};

export function registerNotificationRoutes(
  app: FastifyInstance,
  { db, requireSession }: RouteContext,
  dependencies: ReceiveDependencies,
) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/v1/flows/:id/notifications',
    {
      schema: {
        tags: ['Notifications'],
        summary: 'List a flow’s notifications',
        description: 'Newest first, a page at a time: pass `nextCursor` back as `cursor` for the next page.',
        params: IdParamsSchema,
        querystring: NotificationPageQuerySchema,
        response: { 200: NotificationPageSchema, ...ENTITY_REQUIRED },
      },
      onRequest: requireSession,
      config: { readsLeads: true },
    },
    async (request) =>
      listNotifications(db, { flowId: request.params.id, entityId: entityIdOf(request), ...request.query }),
  );

  // The endpoint websites call, authenticated by API key rather than by a user's session. Its own
  // scope: form and text bodies are accepted here only, and every answer carries CORS headers so
  // a browser script can read errors too.
  app.register(async (scope) => {
    addIngestionBodyParsers(scope);
    scope.addHook('onRequest', async (_request, reply) => {
      reply.headers(CORS_HEADERS);
    });
    scope.options('/v1/notify', { schema: NOTIFY_PREFLIGHT_SCHEMA }, async (_request, reply) =>
      reply.status(204).headers(PREFLIGHT_HEADERS).send(),
    );
    scope.decorateRequest('apiKeyCaller', null);
    scope.post(
      '/v1/notify',
      {
        bodyLimit: NOTIFY_BODY_LIMIT_BYTES,
        // Documented, not enforced here: the route reads each content type itself, and its answers
        // are replayed as first stored (Idempotency-Key).
        schema: NOTIFY_SCHEMA,
        validatorCompiler: documentationOnly,
        serializerCompiler: serializedAsIs,
        // A key in a header is checked before the body is read, so a caller without a valid key
        // learns nothing more (not even whether its JSON is well formed) and costs no parsing.
        // A plain HTML form carries its key in the body, so it is checked once the form is read.
        onRequest: async (request) => {
          const key = apiKeyOfHeaders(request);
          if (key || !isFormPost(request)) request.apiKeyCaller = await dependencies.apiKeys.authenticate(key);
        },
      },
      async (request, reply) => receiveSubmission(dependencies, request, reply, notifySubmissionOf(request)),
    );
  });
}
