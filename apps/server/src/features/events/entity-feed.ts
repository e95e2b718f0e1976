import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import { findLeadState } from '../leads/lead-record.ts';
import { getDeliveryEvent } from './get-delivery-event.ts';
import { listNotificationsAfter } from './list-notifications-after.ts';
import type { NotificationHub } from './notification-hub.ts';

/** The first wait before a position not yet final is read again, doubled while it stays so, up to the last. */
const FIRST_RETRY_MS = 5;
const LAST_RETRY_MS = 500;

/** One open stream as the feed sees it: where it stands and how to send it an event. */
export type FeedReader = {
  /** The position of the last notification this stream has sent (its resume point). */
  lastSeq: number;
  /** Writes one Server-Sent Event block to the stream. */
  send: (block: string) => void;
};

/**
 * The live events of each entity with an open stream in this process, read once per wake-up and
 * sent to every one of its streams (issue 23): a thousand consoles of one business cost one read
 * of its new notifications, not a thousand. Each read starts from the stream furthest behind (a
 * reconnect with an old Last-Event-ID), and each stream gets only what is past its own position.
 * Work is chained per entity: two wake-ups never read the same rows, and a delivery or lead event
 * goes out only after the notifications committed before it.
 */
export function createEntityFeeds(db: Database, hub: NotificationHub, log: FastifyBaseLogger) {
  const feeds = new Map<string, { readers: Set<FeedReader>; wake: () => void; leave: () => void }>();

  function openFeed(entityId: string) {
    const readers = new Set<FeedReader>();
    let chain: Promise<void> = Promise.resolve();
    const enqueue = (work: () => Promise<void>) => {
      // A failed read is retried by the next wake-up (the hub wakes every feed every 30 s).
      chain = chain
        .then(work)
        .catch((error: unknown) => log.warn({ err: error, entityId }, 'live notifications: read failed'));
    };
    const sendToAll = (block: string) => {
      for (const reader of readers) reader.send(block);
    };

    // A position not final yet (decision 061) is read again soon: the transaction holding it
    // back is usually a batch a few milliseconds from its commit, and its wake-up may have gone by.
    let retry: NodeJS.Timeout | undefined;
    let retryMs = FIRST_RETRY_MS;
    const readAgainSoon = () => {
      if (retry) return;
      retry = setTimeout(() => {
        retry = undefined;
        wake();
      }, retryMs);
      retry.unref();
      retryMs = Math.min(retryMs * 2, LAST_RETRY_MS);
    };

    async function drainNotifications(): Promise<void> {
      for (;;) {
        if (readers.size === 0) return;
        const from = Math.min(...[...readers].map((reader) => reader.lastSeq));
        const { notifications: batch, pending, complete } = await listNotificationsAfter(db, entityId, from);
        for (const { seq, notification } of batch) {
          const block = `id: ${seq}\nevent: notification\ndata: ${JSON.stringify(notification)}\n\n`;
          for (const reader of readers) {
            if (reader.lastSeq >= seq) continue;
            reader.send(block);
            reader.lastSeq = seq;
          }
        }
        // Back off only while nothing moves: under a steady load each read sends something, and
        // the last batch's leads then wait milliseconds, not the longest wait.
        if (batch.length > 0 || !pending) retryMs = FIRST_RETRY_MS;
        if (pending) return readAgainSoon();
        if (complete) return;
      }
    }

    const wake = () => enqueue(drainNotifications);
    const unsubscribes = [
      hub.subscribe(entityId, wake),
      hub.subscribeDeliveries(entityId, (notificationId) =>
        enqueue(async () => {
          // Notifications first, so a console never hears of a delivery before its notification.
          await drainNotifications();
          const event = await getDeliveryEvent(db, entityId, notificationId);
          if (event) sendToAll(`event: delivery\ndata: ${JSON.stringify(event)}\n\n`);
        }),
      ),
      // A lead's new holder or state, for every console of the entity; no id, like deliveries.
      hub.subscribeLeads(entityId, (notificationId) =>
        enqueue(async () => {
          const state = await findLeadState(db, entityId, notificationId);
          if (state) sendToAll(`event: lead\ndata: ${JSON.stringify(state)}\n\n`);
        }),
      ),
    ];
    const leave = () => {
      clearTimeout(retry);
      for (const unsubscribe of unsubscribes) unsubscribe();
      feeds.delete(entityId);
    };
    return { readers, wake, leave };
  }

  return {
    /**
     * Adds a stream to its entity's feed and catches it up from its position (which also closes
     * the gap between reading the newest position and joining). Returns its leave function.
     */
    join(entityId: string, reader: FeedReader): () => void {
      let feed = feeds.get(entityId);
      if (!feed) {
        feed = openFeed(entityId);
        feeds.set(entityId, feed);
      }
      const joined = feed;
      joined.readers.add(reader);
      joined.wake();
      return () => {
        joined.readers.delete(reader);
        if (joined.readers.size === 0) joined.leave();
      };
    },
  };
}
