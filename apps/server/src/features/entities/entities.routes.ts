import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { CreateEntitySchema, EntitySchema, SelectPlanSchema, UpdateEntitySchema } from '@leadbell/shared/entities';
import { entityIdOf, sessionUserOf } from '../../auth/require-session.ts';
import { IdParamsSchema } from '../../http/ids.ts';
import { errorResponses, jsonResponse } from '../../http/openapi-responses.ts';
import type { RouteContext } from '../../http/route-context.ts';
import { createEntity } from './create-entity.ts';
import { getEntityOrThrow } from './get-entity.ts';
import { selectPlan } from './select-plan.ts';
import { updateEntity } from './update-entity.ts';

export function registerEntityRoutes(
  app: FastifyInstance,
  { db, cipher, requireSession, requireAdmin, clock, billing }: RouteContext,
) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.post(
    '/v1/entities',
    {
      schema: {
        summary: 'Create the business',
        description:
          'Onboarding’s first step: the signed-in user’s business (entity), in the browser’s `timeZone`; its country and currency are guessed from that zone and the browser’s `locale` (editable with `PATCH /v1/entities/{id}`). The next step is choosing a plan.',
        body: CreateEntitySchema,
        response: {
          201: jsonResponse(EntitySchema, 'The business, without a plan yet.'),
          ...errorResponses({ 409: 'The user already has a business: `entity_exists`.' }),
        },
      },
      onRequest: requireSession,
    },
    async (request, reply) =>
      reply.status(201).send(await createEntity(db, sessionUserOf(request), request.body, clock.now())),
  );

  routes.get(
    '/v1/entities/:id',
    {
      schema: { summary: 'Read the business', params: IdParamsSchema, response: { 200: EntitySchema } },
      onRequest: requireSession,
    },
    async (request) => getEntityOrThrow(db, sessionUserOf(request).entityId, request.params.id, clock.now()),
  );

  routes.patch(
    '/v1/entities/:id',
    {
      schema: {
        summary: 'Change the business’s settings',
        description:
          'The country whose phone numbers leads may write without a country code, the time zone, and business hours (null: always open; `closures` lists whole days closed, `from` to `to` in the time zone, at most 50), the reply address of visitors’ acknowledgements (`replyToEmail`, null: the owner’s email) and the ISO 4217 currency won leads are worth (`currency`, null: USD). Left-out settings stay as they are.',
        params: IdParamsSchema,
        body: UpdateEntitySchema,
        response: { 200: EntitySchema },
      },
      onRequest: [requireSession, requireAdmin],
    },
    async (request) =>
      updateEntity(db, {
        id: request.params.id,
        callerEntityId: entityIdOf(request),
        update: request.body,
        now: clock.now(),
      }),
  );

  routes.put(
    '/v1/entities/:id/plan',
    {
      schema: {
        summary: 'Choose a plan',
        description:
          'During onboarding the plan starts at once (and the first API key is issued). Afterwards a larger plan starts at once and a smaller one with the next billing month (`pendingPlan`, `pendingPlanFrom`). While billing is on (a Stripe key), a larger paid plan is bought through `POST /v1/billing/checkout-sessions` instead (402), and a smaller plan or Starter (cancellation) is scheduled on the Stripe subscription too.',
        params: IdParamsSchema,
        body: SelectPlanSchema,
        response: {
          200: EntitySchema,
          ...errorResponses({
            402: 'Billing is on and the plan is a larger paid one: pay through `POST /v1/billing/checkout-sessions` (`payment_required`, `details.checkout`).',
            403: 'Only an admin can change the plan: `forbidden`.',
          }),
        },
      },
      onRequest: [requireSession, requireAdmin],
    },
    async (request) =>
      selectPlan(db, cipher, {
        user: sessionUserOf(request),
        entityId: request.params.id,
        plan: request.body.plan,
        now: clock.now(),
        billing,
      }),
  );
}
