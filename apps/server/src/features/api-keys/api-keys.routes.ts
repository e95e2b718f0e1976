import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ApiKeyListSchema,
  ApiKeySecretSchema,
  ApiKeySummarySchema,
  CreateApiKeySchema,
  UpdateApiKeySchema,
} from '@leadbell/shared/api-keys';
import { entityIdOf } from '../../auth/require-session.ts';
import { IdParamsSchema } from '../../http/ids.ts';
import { ENTITY_REQUIRED, jsonResponse, noContent } from '../../http/openapi-responses.ts';
import type { RouteContext } from '../../http/route-context.ts';
import { getApiKeySecretOrThrow } from './get-api-key-secret.ts';
import { issueApiKey } from './issue-api-key.ts';
import { listApiKeys } from './list-api-keys.ts';
import { revokeApiKey } from './revoke-api-key.ts';
import { updateApiKey } from './update-api-key.ts';

export function registerApiKeyRoutes(app: FastifyInstance, { db, cipher, requireSession, requireAdmin }: RouteContext) {
  // Keys are the business's credentials: admins only (decision 023).
  const admin = [requireSession, requireAdmin];
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/v1/api-keys',
    {
      schema: {
        summary: 'List API keys',
        description: 'The business’s active keys, masked. Revoked keys are not listed.',
        response: { 200: ApiKeyListSchema, ...ENTITY_REQUIRED },
      },
      onRequest: admin,
    },
    async (request) => ({ data: await listApiKeys(db, entityIdOf(request)) }),
  );

  routes.post(
    '/v1/api-keys',
    {
      schema: {
        summary: 'Create an API key',
        description:
          'A new key for websites to send notifications with. Give `allowedOrigins` for a key that goes into page HTML: browsers on other sites are then refused.',
        body: CreateApiKeySchema,
        response: {
          201: jsonResponse(
            ApiKeySummarySchema,
            'The new key, masked; read it whole with `GET /v1/api-keys/{id}/secret`.',
          ),
          ...ENTITY_REQUIRED,
        },
      },
      onRequest: admin,
    },
    async (request, reply) =>
      reply.status(201).send(
        await issueApiKey(db, cipher, entityIdOf(request), {
          label: request.body.label || null,
          allowedOrigins: request.body.allowedOrigins ?? [],
        }),
      ),
  );

  routes.patch(
    '/v1/api-keys/:id',
    {
      schema: {
        summary: 'Limit an API key to origins',
        description: 'Replaces the browser origins allowed to use the key; an empty list allows any origin.',
        params: IdParamsSchema,
        body: UpdateApiKeySchema,
        response: { 200: ApiKeySummarySchema, ...ENTITY_REQUIRED },
      },
      onRequest: admin,
    },
    async (request) => updateApiKey(db, entityIdOf(request), request.params.id, request.body),
  );

  routes.get(
    '/v1/api-keys/:id/secret',
    {
      schema: {
        summary: 'Reveal an API key',
        description: 'The whole key, for the copy button. Answered with `Cache-Control: no-store`.',
        params: IdParamsSchema,
        response: { 200: ApiKeySecretSchema, ...ENTITY_REQUIRED },
      },
      onRequest: admin,
    },
    async (request, reply) =>
      reply
        .header('cache-control', 'no-store')
        .send(await getApiKeySecretOrThrow(db, cipher, entityIdOf(request), request.params.id)),
  );

  routes.delete(
    '/v1/api-keys/:id',
    {
      schema: {
        summary: 'Revoke an API key',
        description: 'The key stops working at once, everywhere.',
        params: IdParamsSchema,
        response: { 204: noContent('Revoked.'), ...ENTITY_REQUIRED },
      },
      onRequest: admin,
    },
    async (request, reply) => {
      await revokeApiKey(db, entityIdOf(request), request.params.id);
      return reply.status(204).send();
    },
  );
}
