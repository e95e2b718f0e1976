import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { CreateApiKeySchema, UpdateApiKeySchema } from '@leadbell/shared/api-keys';
import { entityIdOf } from '../../auth/require-session.ts';
import { IdParamsSchema } from '../../http/ids.ts';
import type { RouteContext } from '../../http/route-context.ts';
import { getApiKeySecretOrThrow } from './get-api-key-secret.ts';
import { issueApiKey } from './issue-api-key.ts';
import { listApiKeys } from './list-api-keys.ts';
import { revokeApiKey } from './revoke-api-key.ts';
import { updateApiKey } from './update-api-key.ts';

export function registerApiKeyRoutes(app: FastifyInstance, { db, cipher, requireSession }: RouteContext) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get('/v1/api-keys', { onRequest: requireSession }, async (request) => ({
    data: await listApiKeys(db, entityIdOf(request)),
  }));

  routes.post(
    '/v1/api-keys',
    { schema: { body: CreateApiKeySchema }, onRequest: requireSession },
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
    { schema: { params: IdParamsSchema, body: UpdateApiKeySchema }, onRequest: requireSession },
    async (request) => updateApiKey(db, request.params.id, entityIdOf(request), request.body),
  );

  routes.get(
    '/v1/api-keys/:id/secret',
    { schema: { params: IdParamsSchema }, onRequest: requireSession },
    async (request, reply) =>
      reply
        .header('cache-control', 'no-store')
        .send(await getApiKeySecretOrThrow(db, cipher, request.params.id, entityIdOf(request))),
  );

  routes.delete(
    '/v1/api-keys/:id',
    { schema: { params: IdParamsSchema }, onRequest: requireSession },
    async (request, reply) => {
      await revokeApiKey(db, request.params.id, entityIdOf(request));
      return reply.status(204).send();
    },
  );
}
