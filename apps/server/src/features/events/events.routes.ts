import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { entityIdOf, sessionUserOf } from '../../auth/require-session.ts';
import type { RouteContext } from '../../http/route-context.ts';
import type { NotificationHub } from './notification-hub.ts';
import { createEventStreams } from './stream-events.ts';

/** Registers the stream; answers how many streams are open (a metric). */
export function registerEventRoutes(
  app: FastifyInstance,
  { db, requireSession }: RouteContext,
  hub: NotificationHub,
): () => number {
  const streams = createEventStreams(db, hub, app.log);
  // Open streams never finish on their own; end them so shutdown is not held up by idle consoles.
  app.addHook('preClose', async () => streams.closeAll());

  const schema = {
    summary: 'Stream new notifications',
    description: [
      'A Server-Sent Events stream (`EventSource`) for the caller’s business. Events:',
      '- `ready` once a fresh stream is listening: refetch once, then rely on the stream;',
      '- `notification` (with `id:`), data a `Notification`; reconnecting with `Last-Event-ID` delivers exactly what was missed;',
      '- `delivery` (no id), data `{ notificationId, flowId, delivery }` when a delivery’s state changes.',
    ].join('\n'),
    response: {
      200: {
        description: 'The stream; it stays open.',
        content: { 'text/event-stream': { schema: z.string().describe('`event:`, `id:` and `data:` lines.') } },
      },
    },
  };
  app.get('/v1/events', { schema, onRequest: requireSession }, async (request, reply) =>
    streams.stream(request, reply, { entityId: entityIdOf(request), userId: sessionUserOf(request).id }),
  );
  return streams.openCount;
}
