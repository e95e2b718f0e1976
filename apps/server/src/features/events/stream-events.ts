import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../../db/client.ts';
import { latestNotificationSeq, listNotificationsAfter } from './list-notifications-after.ts';
import type { NotificationHub } from './notification-hub.ts';

const HEARTBEAT_MS = 15_000;

/**
 * Server-Sent Events for one entity. Each event's id is the notification's position, so a
 * reconnecting EventSource (Last-Event-ID) resumes exactly where it stopped; a fresh stream starts
 * at the newest position with a `ready` event, after which the console refetches once.
 */
export function createEventStreams(db: Database, hub: NotificationHub) {
  const open = new Set<() => void>();

  async function stream(request: FastifyRequest, reply: FastifyReply, entityId: string): Promise<void> {
    const resumeFrom = Number.parseInt(String(request.headers['last-event-id'] ?? ''), 10);
    let lastSeq =
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

    let closed = false;
    let draining: Promise<void> = Promise.resolve();
    const drain = async () => {
      for (;;) {
        const batch = await listNotificationsAfter(db, entityId, lastSeq);
        for (const { seq, notification } of batch) {
          if (closed) return;
          response.write(`id: ${seq}\nevent: notification\ndata: ${JSON.stringify(notification)}\n\n`);
          lastSeq = seq;
        }
        if (batch.length === 0 || closed) return;
      }
    };
    // Wake-ups are chained so two never read the same rows; a failed read is retried by the next one.
    const wake = () => {
      draining = draining
        .then(drain)
        .catch((error: unknown) => request.log.warn({ err: error }, 'live notifications: read failed'));
    };

    const unsubscribe = hub.subscribe(entityId, wake);
    const heartbeat = setInterval(() => response.write(': keep-alive\n\n'), HEARTBEAT_MS);
    const close = () => {
      if (closed) return;
      closed = true;
      clearInterval(heartbeat);
      unsubscribe();
      open.delete(close);
      response.end();
    };
    open.add(close);
    request.raw.on('close', close);
    // Catches up from the resume point, and closes the gap between reading the newest position and subscribing.
    wake();
  }

  return { stream, closeAll: () => [...open].forEach((close) => close()) };
}
