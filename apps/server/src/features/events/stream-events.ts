import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../../db/client.ts';
import { createEntityFeeds } from './entity-feed.ts';
import { latestNotificationSeq } from './list-notifications-after.ts';
import type { NotificationHub } from './notification-hub.ts';

const HEARTBEAT_MS = 15_000;

/**
 * Server-Sent Events for one entity. Each `notification` event's id is the notification's
 * position, so a reconnecting EventSource (Last-Event-ID) resumes exactly where it stopped; a
 * fresh stream starts at the newest position with a `ready` event, after which the console
 * refetches once. `delivery` events (a delivery reached its final state) carry no id, so they
 * never move the resume position; one missed while disconnected shows in that refetch. `setup`
 * events (the signed-in user's checklist changed) are the user's own and carry nothing.
 * What concerns the whole entity is read once for all its streams (entity-feed.ts).
 */
export function createEventStreams(db: Database, hub: NotificationHub, log: FastifyBaseLogger) {
  const open = new Set<() => void>();
  const feeds = createEntityFeeds(db, hub, log);

  async function stream(
    request: FastifyRequest,
    reply: FastifyReply,
    { entityId, userId }: { entityId: string; userId: string },
  ): Promise<void> {
    const resumeFrom = Number.parseInt(String(request.headers['last-event-id'] ?? ''), 10);
    const lastSeq =
      Number.isSafeInteger(resumeFrom) && resumeFrom >= 0 ? resumeFrom : await latestNotificationSeq(db, entityId);

    reply.hijack();
    const response = reply.raw;
    response.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
      'x-request-id': request.id,
    });
    response.write(`retry: 2000\nid: ${lastSeq}\nevent: ready\ndata: {}\n\n`);

    const leaveFeed = feeds.join(entityId, {
      lastSeq,
      send: (block) => response.write(block),
    });
    // The user's own events carry no data and no id: the console refetches what they name.
    const unsubscribeUser = hub.subscribeUser(userId, (kind) => {
      if (kind === 'ended') close();
      else response.write(`event: ${kind}\ndata: {}\n\n`);
    });
    const heartbeat = setInterval(() => response.write(': keep-alive\n\n'), HEARTBEAT_MS);
    let closed = false;
    function close() {
      if (closed) return;
      closed = true;
      clearInterval(heartbeat);
      leaveFeed();
      unsubscribeUser();
      open.delete(close);
      response.end();
    }
    open.add(close);
    request.raw.on('close', close);
  }

  return { stream, closeAll: () => [...open].forEach((close) => close()), openCount: () => open.size };
}
