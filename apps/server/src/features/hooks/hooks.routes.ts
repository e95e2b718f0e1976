import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { entityIdOf } from '../../auth/require-session.ts';
import { IdParamsSchema } from '../../http/ids.ts';
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

export function registerHookRoutes(
  app: FastifyInstance,
  { db, cipher, requireSession }: RouteContext,
  { receive, publicUrl }: { receive: ReceiveDependencies; publicUrl: string },
) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  // The address holds its token: never kept by a cache.
  routes.get(
    '/v1/flows/:id/hook',
    { schema: { params: IdParamsSchema }, onRequest: requireSession },
    async (request, reply) =>
      reply
        .header('cache-control', 'no-store')
        .send(
          await getFlowHook(db, { flowId: request.params.id, entityId: entityIdOf(request) }, { cipher, publicUrl }),
        ),
  );

  routes.post(
    '/v1/flows/:id/hook',
    { schema: { params: IdParamsSchema }, onRequest: requireSession },
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
    { schema: { params: IdParamsSchema }, onRequest: requireSession },
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
        schema: { params: HookParamsSchema },
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
