import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { SetupStatusSchema } from '@leadbell/shared/setup';
import { entityIdOf, sessionUserOf } from '../../auth/require-session.ts';
import { ENTITY_REQUIRED } from '../../http/openapi-responses.ts';
import type { RouteContext } from '../../http/route-context.ts';
import { getSetupStatus, type ServerChannels } from './get-setup-status.ts';

export function registerSetupRoutes(
  app: FastifyInstance,
  { db, requireSession }: RouteContext,
  { channels }: { channels: ServerChannels },
) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/v1/setup',
    {
      schema: {
        summary: 'First-day checklist',
        description:
          'The signed-in user’s setup steps (how they are alerted, a test that reached them, a connected website, the first real lead) and their alert status: the channels a new lead reaches them by (`push` on their confirmed devices, `email`, `telegram`, `sms`), none when nothing would.',
        response: { 200: SetupStatusSchema, ...ENTITY_REQUIRED },
      },
      onRequest: requireSession,
      config: { readsLeads: true },
    },
    async (request) =>
      getSetupStatus(db, { userId: sessionUserOf(request).id, entityId: entityIdOf(request), channels }),
  );
}
