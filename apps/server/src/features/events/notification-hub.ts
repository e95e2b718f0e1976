import { EventEmitter } from 'node:events';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import { DELIVERY_JOBS_CHANNEL } from '../../jobs/wake-delivery-workers.ts';

/** Payload: entity ids separated by spaces. A notification of each committed. */
export const NOTIFICATIONS_CHANNEL = 'leadbell_notifications';
/** Payload: see deliveryEventPayload. A delivery of that notification reached its final state. */
export const DELIVERY_EVENTS_CHANNEL = 'leadbell_delivery_events';

export function deliveryEventPayload(entityId: string, notificationId: string): string {
  return `${entityId} ${notificationId}`;
}

/** Payload: see leadEventPayload. Someone claimed, released, completed or saw a lead (decision 024). */
export const LEAD_EVENTS_CHANNEL = 'leadbell_lead_events';

export function leadEventPayload(entityId: string, notificationId: string): string {
  return `${entityId} ${notificationId}`;
}

/** Payload: see userEventPayload. Something about one user changed, for their own open consoles. */
export const USER_EVENTS_CHANNEL = 'leadbell_user_events';

/**
 * What a user's consoles are told: `setup`, their checklist or alerting changed (a device confirmed
 * a push, a test push's outcome), so refetch it; `ended`, they are no longer in the entity, so
 * their streams close (decision 023).
 */
export const USER_EVENT_KINDS = ['setup', 'ended'] as const;
export type UserEventKind = (typeof USER_EVENT_KINDS)[number];

export function userEventPayload(userId: string, kind: UserEventKind): string {
  return `${userId} ${kind}`;
}

export type NotificationHub = {
  /** Calls `listener` whenever a notification for the entity commits, on any server process. */
  subscribe: (entityId: string, listener: () => void) => () => void;
  /** Calls `listener` with the notification id whenever one of the entity's deliveries ends, on any process. */
  subscribeDeliveries: (entityId: string, listener: (notificationId: string) => void) => () => void;
  /** Calls `listener` with the lead's id whenever someone changes one of the entity's leads, on any process. */
  subscribeLeads: (entityId: string, listener: (notificationId: string) => void) => () => void;
  /** Calls `listener` with the kind of each event for the user (USER_EVENTS_CHANNEL), on any process. */
  subscribeUser: (userId: string, listener: (kind: UserEventKind) => void) => () => void;
  /**
   * Calls `listener` with the NOTIFY's payload whenever delivery jobs commit, on any process (''
   * after a lost connection: anything may have been missed).
   */
  subscribeDeliveryJobs: (listener: (payload: string) => void) => () => void;
  stop: () => Promise<void>;
};

const JOBS = 'jobs';
// Each lead's row is announced by the transaction that writes it (the take, a read's move, a held
// lead's accept); should a NOTIFY still be missed, open streams read their new rows within this time.
const CATCH_UP_INTERVAL_MS = 30_000;

/**
 * One LISTEN connection per process turns PostgreSQL NOTIFY (sent inside transactions, so only
 * after commit) into in-process wake-ups. With several servers on one database, whatever any of
 * them commits reaches consoles and delivery workers on all of them.
 */
export async function startNotificationHub(connectionString: string, log: FastifyBaseLogger): Promise<NotificationHub> {
  const notificationWakeUps = new EventEmitter().setMaxListeners(0);
  const deliveryWakeUps = new EventEmitter().setMaxListeners(0);
  const jobWakeUps = new EventEmitter().setMaxListeners(0);
  const userEvents = new EventEmitter().setMaxListeners(0);
  const leadChanges = new EventEmitter().setMaxListeners(0);
  let client: pg.Client | null = null;
  let stopped = false;
  let retryTimer: NodeJS.Timeout | undefined;

  function dispatch({ channel, payload = '' }: pg.Notification): void {
    if (channel === NOTIFICATIONS_CHANNEL)
      for (const entityId of payload.split(' ')) notificationWakeUps.emit(entityId);
    else if (channel === DELIVERY_JOBS_CHANNEL) jobWakeUps.emit(JOBS, payload);
    else if (channel === LEAD_EVENTS_CHANNEL) {
      const [entityId, notificationId] = payload.split(' ');
      if (entityId && notificationId) leadChanges.emit(entityId, notificationId);
    } else if (channel === USER_EVENTS_CHANNEL) {
      const [userId, kind] = payload.split(' ');
      if (userId && USER_EVENT_KINDS.includes(kind as UserEventKind)) userEvents.emit(userId, kind);
    } else if (channel === DELIVERY_EVENTS_CHANNEL) {
      const [entityId, notificationId] = payload.split(' ');
      if (entityId && notificationId) deliveryWakeUps.emit(entityId, notificationId);
    }
  }

  async function connect(): Promise<void> {
    const next = new pg.Client({ connectionString });
    next.on('notification', dispatch);
    next.on('error', (error) => {
      log.warn({ err: error }, 'live notifications: database connection lost; reconnecting');
      next.end().catch(() => {});
      scheduleReconnect();
    });
    await next.connect();
    await next.query(
      `listen ${NOTIFICATIONS_CHANNEL}; listen ${DELIVERY_EVENTS_CHANNEL}; listen ${DELIVERY_JOBS_CHANNEL}; listen ${USER_EVENTS_CHANNEL}; listen ${LEAD_EVENTS_CHANNEL}`,
    );
    client = next;
    // Listeners re-read from their last position, so anything sent while disconnected is caught up.
    for (const entityId of notificationWakeUps.eventNames()) notificationWakeUps.emit(entityId);
    jobWakeUps.emit(JOBS, '');
  }

  function scheduleReconnect(): void {
    client = null;
    if (stopped || retryTimer) return;
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      connect().catch((error: unknown) => {
        log.warn({ err: error }, 'live notifications: reconnect failed; retrying');
        scheduleReconnect();
      });
    }, 1000);
  }

  function on<Value extends string>(emitter: EventEmitter, event: string, listener: (value: Value) => void) {
    emitter.on(event, listener);
    return () => void emitter.off(event, listener);
  }

  await connect();
  const catchUp = setInterval(() => {
    for (const entityId of notificationWakeUps.eventNames()) notificationWakeUps.emit(entityId);
  }, CATCH_UP_INTERVAL_MS).unref();
  return {
    subscribe: (entityId, listener) => on(notificationWakeUps, entityId, listener),
    subscribeDeliveries: (entityId, listener) => on(deliveryWakeUps, entityId, listener),
    subscribeLeads: (entityId, listener) => on(leadChanges, entityId, listener),
    subscribeUser: (userId, listener) => on(userEvents, userId, listener),
    subscribeDeliveryJobs: (listener) => on(jobWakeUps, JOBS, listener),
    async stop() {
      stopped = true;
      clearTimeout(retryTimer);
      clearInterval(catchUp);
      await client?.end().catch(() => {});
    },
  };
}
