import { EventEmitter } from 'node:events';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';

export const NOTIFICATIONS_CHANNEL = 'leadbell_notifications';

export type NotificationHub = {
  /** Calls `listener` whenever a notification for the entity commits, on any server process. */
  subscribe: (entityId: string, listener: () => void) => () => void;
  stop: () => Promise<void>;
};

/**
 * One LISTEN connection per process turns PostgreSQL NOTIFY (sent in the ingesting transaction,
 * so only after commit) into in-process wake-ups per entity. With several servers on one database,
 * a notification accepted by any of them reaches consoles connected to all of them.
 */
export async function startNotificationHub(connectionString: string, log: FastifyBaseLogger): Promise<NotificationHub> {
  const wakeUps = new EventEmitter();
  wakeUps.setMaxListeners(0);
  let client: pg.Client | null = null;
  let stopped = false;
  let retryTimer: NodeJS.Timeout | undefined;

  async function connect(): Promise<void> {
    const next = new pg.Client({ connectionString });
    next.on('notification', (message) => {
      if (message.payload) wakeUps.emit(message.payload);
    });
    next.on('error', (error) => {
      log.warn({ err: error }, 'live notifications: database connection lost; reconnecting');
      next.end().catch(() => {});
      scheduleReconnect();
    });
    await next.connect();
    await next.query(`listen ${NOTIFICATIONS_CHANNEL}`);
    client = next;
    // Listeners re-read from their last event id, so anything sent while disconnected is caught up.
    for (const entityId of wakeUps.eventNames()) wakeUps.emit(entityId);
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

  await connect();
  return {
    subscribe(entityId, listener) {
      wakeUps.on(entityId, listener);
      return () => wakeUps.off(entityId, listener);
    },
    async stop() {
      stopped = true;
      clearTimeout(retryTimer);
      await client?.end().catch(() => {});
    },
  };
}
