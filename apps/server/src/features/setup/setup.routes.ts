import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { SetupStatusSchema } from '@leadbell/shared/setup';
import { entityIdOf, sessionUserOf } from '../../auth/require-session.ts';
import { ENTITY_REQUIRED } from '../../http/openapi-responses.ts';
import type { RouteContext } from '../../http/route-context.ts';
import { getSetupStatus } from './get-setup-status.ts';

export function registerSetupRoutes(
  app: FastifyInstance,
  { db, requireSession }: RouteContext,
  { canSendEmail }: { canSendEmail: boolean },
) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/v1/setup',
    {
      schema: {
        summary: 'First-day checklist',
        description:
          'The signed-in user’s setup steps (a device, a confirmed push, a connected website, the first real lead) and whether a new lead would reach them at all.',
        response: { 200: SetupStatusSchema, ...ENTITY_REQUIRED },
      },
      onRequest: requireSession,
      config: { readsLeads: true },
    },
    async (request) =>
      getSetupStatus(db, { userId: sessionUserOf(request).id, entityId: entityIdOf(request), canSendEmail }),
  );
}
