import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../../db/client.ts';
import { getDeliveryEvent } from './get-delivery-event.ts';
import { latestNotificationSeq, listNotificationsAfter } from './list-notifications-after.ts';
import { findLeadState } from '../leads/lead-record.ts';
import type { NotificationHub } from './notification-hub.ts';

const HEARTBEAT_MS = 15_000;

/**
 * Server-Sent Events for one entity. Each `notification` event's id is the notification's
 * position, so a reconnecting EventSource (Last-Event-ID) resumes exactly where it stopped; a
 * fresh stream starts at the newest position with a `ready` event, after which the console
 * refetches once. `delivery` events (a delivery reached its final state) carry no id, so they
 * never move the resume position; one missed while disconnected shows in that refetch. `setup`
 * events (the signed-in user's checklist changed) are the user's own and carry nothing.
 */
export function createEventStreams(db: Database, hub: NotificationHub) {
  const open = new Set<() => void>();

  async function stream(
    request: FastifyRequest,
    reply: FastifyReply,
    { entityId, userId }: { entityId: string; userId: string },
  ): Promise<void> {
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
    const sendDelivery = async (notificationId: string) => {
      // Notifications first, so a console never hears of a delivery before its notification.
      await drain();
      const event = await getDeliveryEvent(db, entityId, notificationId);
      if (event && !closed) response.write(`event: delivery\ndata: ${JSON.stringify(event)}\n\n`);
    };
    // Work is chained so two wake-ups never read the same rows; a failed read is retried by the next one.
    const enqueue = (work: () => Promise<void>) => {
      draining = draining
        .then(work)
        .catch((error: unknown) => request.log.warn({ err: error }, 'live notifications: read failed'));
    };
    const wake = () => enqueue(drain);

    const unsubscribeNotifications = hub.subscribe(entityId, wake);
    const unsubscribeDeliveries = hub.subscribeDeliveries(entityId, (notificationId) =>
      enqueue(() => sendDelivery(notificationId)),
    );
    // A lead's new holder or state, for every console of the entity; no id, like deliveries.
    const unsubscribeLeads = hub.subscribeLeads(entityId, (notificationId) =>
      enqueue(async () => {
        const state = await findLeadState(db, entityId, notificationId);
        if (state && !closed) response.write(`event: lead\ndata: ${JSON.stringify(state)}\n\n`);
      }),
    );
    // The user's own events carry no data and no id: the console refetches what they name.
    const unsubscribeUser = hub.subscribeUser(userId, (kind) => {
      if (kind === 'ended') close();
      else if (!closed) response.write(`event: ${kind}\ndata: {}\n\n`);
    });
    const heartbeat = setInterval(() => response.write(': keep-alive\n\n'), HEARTBEAT_MS);
    const close = () => {
      if (closed) return;
      closed = true;
      clearInterval(heartbeat);
      unsubscribeNotifications();
      unsubscribeDeliveries();
      unsubscribeUser();
      unsubscribeLeads();
      open.delete(close);
      response.end();
    };
    open.add(close);
    request.raw.on('close', close);
    // Catches up from the resume point, and closes the gap between reading the newest position and subscribing.
    wake();
  }

  return { stream, closeAll: () => [...open].forEach((close) => close()), openCount: () => open.size };
}
