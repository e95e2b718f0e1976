import { LEAD_EVENT_KINDS } from '@leadbell/shared/leads';
import { sql } from 'drizzle-orm';
import { bigserial, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { entities } from './entities.ts';
import { notifications } from './notifications.ts';

/** What people did with a lead: claimed, released, done, seen (decision 024). */
export const leadEvents = pgTable(
  'lead_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    notificationId: uuid('notification_id')
      .notNull()
      .references(() => notifications.id, { onDelete: 'cascade' }),
    entityId: uuid('entity_id')
      .notNull()
      .references(() => entities.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: LEAD_EVENT_KINDS }).notNull(),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    // What the event carries beyond who and when (issue 26): a note's or reply's text, the number
    // called, the outcome set, why no acknowledgement went out. Null for the older kinds.
    detail: jsonb('detail').$type<Record<string, unknown>>(),
  },
  (table) => [
    index('lead_events_notification_id_idx').on(table.notificationId, table.id),
    // A member sees a lead once: the first time is the one the timeline shows.
    uniqueIndex('lead_events_seen_once_idx')
      .on(table.notificationId, table.userId)
      .where(sql`${table.kind} = 'seen'`),
  ],
);
