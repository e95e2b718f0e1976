import type { FastifyInstance } from 'fastify';
import { entityIdOf } from '../../auth/require-session.ts';
import type { RouteContext } from '../../http/route-context.ts';
import type { NotificationHub } from './notification-hub.ts';
import { createEventStreams } from './stream-events.ts';

export function registerEventRoutes(app: FastifyInstance, { db, requireSession }: RouteContext, hub: NotificationHub) {
  const streams = createEventStreams(db, hub);
  // Open streams never finish on their own; end them so shutdown is not held up by idle consoles.
  app.addHook('preClose', async () => streams.closeAll());

  app.get('/v1/events', { onRequest: requireSession }, async (request, reply) =>
    streams.stream(request, reply, entityIdOf(request)),
  );
}
