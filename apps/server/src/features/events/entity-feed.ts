import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import { batchWhileBusy } from '../../lib/batch-while-busy.ts';
import { findLeadState } from '../leads/lead-record.ts';
import { prepareDeliveryEvents } from './get-delivery-events.ts';
import { prepareNotificationsAfter } from './list-notifications-after.ts';
import type { NotificationHub } from './notification-hub.ts';

/** The first wait before a position not yet final is read again, doubled while it stays so, up to the last. */
const FIRST_RETRY_MS = 5;
const LAST_RETRY_MS = 500;

/** One open stream as the feed sees it: where it stands and how to send it an event. */
export type FeedReader = {
  /** The last final position this stream has sent as an event id (its resume point). */
  lastSeq: number;
  /**
   * Leads past `lastSeq` this stream has shown already, sent before their positions were final
   * (so without an id); each leaves the set when its position becomes final and is sent as an id.
   */
  shownAhead?: Set<string>;
  /** Writes one Server-Sent Event block to the stream. */
  send: (block: string) => void;
};

/** What a wake-up asks the next read for: an entity's new leads, or one lead's deliveries or state. */
type WakeUp =
  { kind: 'notifications'; entityId: string } | { kind: 'delivery' | 'lead'; entityId: string; leadId: string };

/**
 * The live events of every entity with an open stream in this process (issue 23). One read at a
 * time serves them all: the wake-ups that arrive while it runs are gathered into the next, so a
 * thousand consoles of one business, or consoles of a hundred businesses, cost a few statements
 * per read, not one per stream, per entity or per delivery. Each entity's notifications are read
 * from its stream furthest behind (a reconnect with an old Last-Event-ID), and each stream gets
 * only what is past its own position. A delivery or lead event goes out after the notifications
 * committed before it: the same read first reads the entity's notifications.
 * A lead is shown as soon as it is read, final position or not (issue 45): waiting for the
 * transactions older than its own to end cost consoles up to hundreds of milliseconds under load.
 * Only its event id waits: a lead whose position is not final yet goes out without one, and its
 * position follows as an id alone once final, so a reconnect still resumes after the last final
 * position and gets again only leads the console already shows (it merges them by id).
 */
export function createEntityFeeds(db: Database, hub: NotificationHub, log: FastifyBaseLogger) {
  const feeds = new Map<string, { readers: Set<FeedReader>; leave: () => void }>();
  const [listNotificationsAfter, getDeliveryEvents] = [prepareNotificationsAfter(db), prepareDeliveryEvents(db)];
  // Wake-ups that arrive while a read runs go together into the next one; alone, one reads at once.
  const readTogether = batchWhileBusy((wakeUps: WakeUp[]) =>
    // A failed read is retried by the next wake-up (the hub wakes every feed every 30 s).
    read(wakeUps).catch((error: unknown) => log.warn({ err: error }, 'live notifications: read failed')),
  );
  const wake = (wakeUp: WakeUp) => void readTogether([wakeUp]);

  // A position not final yet (decision 061) is read again soon: the transaction holding it back
  // is usually a batch a few milliseconds from its commit, and its wake-up may have gone by.
  let retry: NodeJS.Timeout | undefined;
  let retryMs = FIRST_RETRY_MS;
  const toRetry = new Set<string>();
  function readAgainSoon(entityIds: string[]): void {
    for (const entityId of entityIds) toRetry.add(entityId);
    if (retry) return;
    retry = setTimeout(() => {
      retry = undefined;
      for (const entityId of toRetry) wake({ kind: 'notifications', entityId });
      toRetry.clear();
    }, retryMs);
    retry.unref();
    retryMs = Math.min(retryMs * 2, LAST_RETRY_MS);
  }

  async function read(wakeUps: WakeUp[]): Promise<void> {
    // An entity's new leads are read for its notifications' wake-ups and its leads' changes, first,
    // so a console hears of a lead before its change. Not for a delivery's (decision 096): its
    // NOTIFY came from a commit after its lead's, on the same connection, so the wake-up of the lead
    // came first and this read or an earlier one read it; re-reading cost a statement a delivered
    // lead. (Should that read have failed, the console keeps the delivery until the lead comes.)
    const entities = new Set(wakeUps.flatMap((wakeUp) => (wakeUp.kind === 'delivery' ? [] : [wakeUp.entityId])));
    // Each lead once: its summary or state as it stands now covers every wake-up about it.
    const entityOfLead = (kind: 'delivery' | 'lead') =>
      new Map(wakeUps.flatMap((wakeUp) => (wakeUp.kind === kind ? [[wakeUp.leadId, wakeUp.entityId] as const] : [])));
    const [deliveries, leads] = [entityOfLead('delivery'), entityOfLead('lead')];
    const afterSeqOf = new Map<string, number>();
    for (const entityId of entities) {
      const readers = feeds.get(entityId)?.readers;
      if (readers?.size) afterSeqOf.set(entityId, Math.min(...[...readers].map((reader) => reader.lastSeq)));
    }
    const [notificationsOf, deliveryEvents, leadStates] = await Promise.all([
      listNotificationsAfter(afterSeqOf),
      getDeliveryEvents(deliveries),
      // Someone's click, not a lead's arrival: few, so one statement each.
      Promise.all([...leads].map(([leadId, entityId]) => findLeadState(db, entityId, leadId))),
    ]);

    let moved = false;
    const stillPending: string[] = [];
    for (const [entityId, { notifications, pending, complete }] of notificationsOf) {
      const from = afterSeqOf.get(entityId)!;
      const readers = feeds.get(entityId)?.readers ?? [];
      for (const { seq, isFinal, notification } of notifications) {
        const data = `event: notification\ndata: ${JSON.stringify(notification)}\n\n`;
        for (const reader of readers) {
          // A stream that joined during the read, behind its start, waits for the next read.
          if (reader.lastSeq >= seq || reader.lastSeq < from) continue;
          const wasShown = reader.shownAhead?.has(notification.id) ?? false;
          if (!isFinal) {
            if (wasShown) continue;
            reader.send(data);
            (reader.shownAhead ??= new Set()).add(notification.id);
            continue;
          }
          // An id alone (no data) moves the stream's Last-Event-ID without another event.
          reader.send(wasShown ? `id: ${seq}\n\n` : `id: ${seq}\n${data}`);
          reader.shownAhead?.delete(notification.id);
          reader.lastSeq = seq;
        }
        if (isFinal) moved = true;
      }
      if (pending) stillPending.push(entityId);
      else if (!complete) wake({ kind: 'notifications', entityId });
    }
    for (const { entityId, event } of deliveryEvents) sendToAll(entityId, 'delivery', event);
    for (const state of leadStates) if (state) sendToAll(leads.get(state.id)!, 'lead', state);

    // Back off only while nothing moves: under a steady load each read sends something, and the
    // last batch's leads then wait milliseconds, not the longest wait.
    if (moved || stillPending.length === 0) retryMs = FIRST_RETRY_MS;
    if (stillPending.length > 0) readAgainSoon(stillPending);
  }

  /** Delivery and lead events carry no id: they never move a stream's resume position. */
  function sendToAll(entityId: string, event: 'delivery' | 'lead', data: unknown): void {
    const block = `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
    for (const reader of feeds.get(entityId)?.readers ?? []) reader.send(block);
  }

  function openFeed(entityId: string) {
    const unsubscribes = [
      hub.subscribe(entityId, () => wake({ kind: 'notifications', entityId })),
      hub.subscribeDeliveries(entityId, (leadId) => wake({ kind: 'delivery', entityId, leadId })),
      // A lead's new holder or state, for every console of the entity.
      hub.subscribeLeads(entityId, (leadId) => wake({ kind: 'lead', entityId, leadId })),
    ];
    const leave = () => {
      for (const unsubscribe of unsubscribes) unsubscribe();
      feeds.delete(entityId);
    };
    return { readers: new Set<FeedReader>(), leave };
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
      wake({ kind: 'notifications', entityId });
      return () => {
        joined.readers.delete(reader);
        if (joined.readers.size === 0) joined.leave();
      };
    },
  };
}
