import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { FlowInputSchema } from '@leadbell/shared/flows';
import { entityIdOf } from '../../auth/require-session.ts';
import { IdParamsSchema } from '../../http/ids.ts';
import type { RouteContext } from '../../http/route-context.ts';
import { createFlow } from './create-flow.ts';
import { deleteFlow } from './delete-flow.ts';
import { getFlowOrThrow } from './get-flow.ts';
import { getFlowFields } from './get-flow-fields.ts';
import { listFlows } from './list-flows.ts';
import { updateFlow } from './update-flow.ts';

export function registerFlowRoutes(app: FastifyInstance, { db, requireSession }: RouteContext) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get('/v1/flows', { onRequest: requireSession }, async (request) => ({
    data: await listFlows(db, entityIdOf(request)),
  }));

  routes.post('/v1/flows', { schema: { body: FlowInputSchema }, onRequest: requireSession }, async (request, reply) =>
    reply.status(201).send(await createFlow(db, entityIdOf(request), request.body)),
  );

  routes.get('/v1/flows/:id', { schema: { params: IdParamsSchema }, onRequest: requireSession }, async (request) =>
    getFlowOrThrow(db, request.params.id, entityIdOf(request)),
  );

  routes.get(
    '/v1/flows/:id/fields',
    { schema: { params: IdParamsSchema }, onRequest: requireSession },
    async (request) => getFlowFields(db, request.params.id, entityIdOf(request)),
  );

  routes.put(
    '/v1/flows/:id',
    { schema: { params: IdParamsSchema, body: FlowInputSchema }, onRequest: requireSession },
    async (request) => updateFlow(db, request.params.id, entityIdOf(request), request.body),
  );

  routes.delete(
    '/v1/flows/:id',
    { schema: { params: IdParamsSchema }, onRequest: requireSession },
    async (request, reply) => {
      await deleteFlow(db, request.params.id, entityIdOf(request));
      return reply.status(204).send();
    },
  );
}
