import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { FlowHookSchema, FlowHookStateSchema } from '@leadbell/shared/flows';
import { NotifyResponseSchema } from '@leadbell/shared/notifications';
import { entityIdOf } from '../../auth/require-session.ts';
import { IdParamsSchema } from '../../http/ids.ts';
import {
  bodyDocumentedOnly,
  ENTITY_REQUIRED,
  errorResponses,
  jsonResponse,
  noContent,
  serializedAsIs,
} from '../../http/openapi-responses.ts';
import type { RouteContext } from '../../http/route-context.ts';
import { addIngestionBodyParsers } from '../notifications/ingestion-body-parsers.ts';
import { receiveSubmission, type ReceiveDependencies } from '../notifications/receive-notification.ts';
import { getFlowHook } from './get-flow-hook.ts';
import { hookSubmissionOf } from './hook-submission.ts';
import { replaceFlowHook } from './replace-flow-hook.ts';
import { revokeFlowHook } from './revoke-flow-hook.ts';

// Services post their whole event (Typeform includes the form's definition), larger than a lead
// typed into a form; what is over the data limits is cut, not refused.
const HOOK_BODY_LIMIT_BYTES = 64 * 1024;

const HookParamsSchema = z.object({ token: z.string().max(200) });

const HookBodySchema = z.record(z.string(), z.unknown()).meta({
  description:
    'Whatever the service sends. Nested objects are flattened into data by leaf name (`payload.data.First Name` → `First Name`).',
  examples: [
    { name: 'Contact', payload: { data: { 'First Name': 'Ann', Email: 'ann@example.com', Message: 'Call me' } } },
  ],
});

const HOOK_SCHEMA = {
  tags: ['Notifications'],
  summary: 'Send a notification to a webhook address',
  description:
    'For services that cannot set headers (Webflow form webhooks, Typeform, Zapier, Make): the address, shown on the flow’s Connect page, is the key. Any JSON or form body; every value becomes data for the address’s flow. What is over the data limits is shortened, not refused. Idempotency, rate and plan limits as for `POST /v1/notify`.',
  security: [],
  params: HookParamsSchema,
  body: {
    content: {
      'application/json': { schema: HookBodySchema },
      'application/x-www-form-urlencoded': {
        schema: z.record(z.string(), z.string()).describe('Every field becomes data.'),
      },
    },
  },
  response: {
    202: jsonResponse(
      NotifyResponseSchema,
      'Stored and on its way to the owner; past the Starter plan’s monthly volume, stored and held (`"held": true`) until a larger plan.',
    ),
    ...errorResponses({
      401: 'Unknown or turned-off address: `invalid_api_key`.',
      413: 'The body is over 64 kB: `payload_too_large`.',
      415: true,
      429: 'Over the address’s rate: `rate_limited`; retry after `Retry-After` seconds.',
    }),
  },
};

export function registerHookRoutes(
  app: FastifyInstance,
  { db, cipher, requireSession, requireAdmin }: RouteContext,
  { receive, publicUrl }: { receive: ReceiveDependencies; publicUrl: string },
) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  // The address holds its token: never kept by a cache.
  routes.get(
    '/v1/flows/:id/hook',
    {
      schema: {
        summary: 'Read the flow’s webhook address',
        description:
          '`hook` is `null` while the flow has none. Answered with `Cache-Control: no-store`: the address is a secret.',
        params: IdParamsSchema,
        response: { 200: FlowHookStateSchema, ...ENTITY_REQUIRED },
      },
      onRequest: [requireSession, requireAdmin],
    },
    async (request, reply) =>
      reply
        .header('cache-control', 'no-store')
        .send(
          await getFlowHook(db, { flowId: request.params.id, entityId: entityIdOf(request) }, { cipher, publicUrl }),
        ),
  );

  routes.post(
    '/v1/flows/:id/hook',
    {
      schema: {
        summary: 'Create or replace the flow’s webhook address',
        description:
          'A new address for services that cannot send an API key header (Webflow, Typeform, Zapier, Make). The flow’s previous address stops working.',
        params: IdParamsSchema,
        response: { 201: jsonResponse(FlowHookSchema, 'The new address.'), ...ENTITY_REQUIRED },
      },
      onRequest: [requireSession, requireAdmin],
    },
    async (request, reply) =>
      reply
        .status(201)
        .header('cache-control', 'no-store')
        .send(
          await replaceFlowHook(
            db,
            { flowId: request.params.id, entityId: entityIdOf(request) },
            { cipher, publicUrl },
          ),
        ),
  );

  routes.delete(
    '/v1/flows/:id/hook',
    {
      schema: {
        summary: 'Turn off the flow’s webhook address',
        params: IdParamsSchema,
        response: { 204: noContent('Turned off.'), ...ENTITY_REQUIRED },
      },
      onRequest: [requireSession, requireAdmin],
    },
    async (request, reply) => {
      await revokeFlowHook(db, { flowId: request.params.id, entityId: entityIdOf(request) });
      return reply.status(204).send();
    },
  );

  // Called by services that cannot send a key header (Webflow, Typeform, Zapier, Make): the token
  // in the address is the key. It is checked before the body is read, as a key header is.
  app.register(async (scope) => {
    addIngestionBodyParsers(scope);
    scope.decorateRequest('apiKeyCaller', null);
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/v1/hooks/:token',
      {
        schema: HOOK_SCHEMA,
        // The body is documented, not validated: any service's JSON or form is taken as it comes.
        validatorCompiler: bodyDocumentedOnly,
        // Answers are replayed as first stored (Idempotency-Key).
        serializerCompiler: serializedAsIs,
        bodyLimit: HOOK_BODY_LIMIT_BYTES,
        onRequest: async (request) => {
          const { token } = request.params as { token: string };
          request.apiKeyCaller = await receive.apiKeys.authenticate(token, { kind: 'hook' });
        },
      },
      async (request, reply) =>
        receiveSubmission(receive, request, reply, hookSubmissionOf(request, request.params.token)),
    );
  });
}
