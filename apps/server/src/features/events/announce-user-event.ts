import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { USER_EVENTS_CHANNEL, userEventPayload, type UserEventKind } from './notification-hub.ts';

/** Tells the user's open consoles, on every process, when `db` commits (at once outside a transaction). */
export async function announceUserEvent(db: Database, userId: string, kind: UserEventKind): Promise<void> {
  await db.execute(sql`select pg_notify(${USER_EVENTS_CHANNEL}, ${userEventPayload(userId, kind)})`);
}
