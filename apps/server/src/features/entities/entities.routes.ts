import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { CreateEntitySchema, SelectPlanSchema } from '@leadbell/shared/entities';
import { sessionUserOf } from '../../auth/require-session.ts';
import { IdParamsSchema } from '../../http/ids.ts';
import type { RouteContext } from '../../http/route-context.ts';
import { createEntity } from './create-entity.ts';
import { getEntityOrThrow } from './get-entity.ts';
import { selectPlan } from './select-plan.ts';

export function registerEntityRoutes(
  app: FastifyInstance,
  { db, cipher, requireSession, deliveryQueue }: RouteContext,
) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.post(
    '/v1/entities',
    { schema: { body: CreateEntitySchema }, onRequest: requireSession },
    async (request, reply) => reply.status(201).send(await createEntity(db, sessionUserOf(request), request.body)),
  );

  routes.get('/v1/entities/:id', { schema: { params: IdParamsSchema }, onRequest: requireSession }, async (request) =>
    getEntityOrThrow(db, request.params.id, sessionUserOf(request).entityId),
  );

  routes.put(
    '/v1/entities/:id/plan',
    { schema: { params: IdParamsSchema, body: SelectPlanSchema }, onRequest: requireSession },
    async (request) =>
      selectPlan(db, cipher, deliveryQueue, {
        user: sessionUserOf(request),
        entityId: request.params.id,
        plan: request.body.plan,
      }),
  );
}
