import { sql } from 'drizzle-orm';
import { date, index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { entities } from './entities.ts';
import { flows } from './flows.ts';
import { notifications } from './notifications.ts';

/**
 * Answers an entity's team keeps ready (issue 26): a title to pick it by and a body with the
 * flow's placeholders, filled from the lead when a member replies from the lead card.
 */
export const cannedReplies = pgTable(
  'canned_replies',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    entityId: uuid('entity_id')
      .notNull()
      .references(() => entities.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('canned_replies_entity_id_idx').on(table.entityId, table.createdAt)],
);

/**
 * The acknowledgements sent to visitors (issue 26): at most one per visitor address per flow per
 * day in the entity's time zone. The address is kept as a hash: the lead itself has the address.
 */
export const acknowledgementsSent = pgTable(
  'acknowledgements_sent',
  {
    flowId: uuid('flow_id')
      .notNull()
      .references(() => flows.id, { onDelete: 'cascade' }),
    addressHash: text('address_hash').notNull(),
    day: date('day').notNull(),
    entityId: uuid('entity_id')
      .notNull()
      .references(() => entities.id, { onDelete: 'cascade' }),
    notificationId: uuid('notification_id').references(() => notifications.id, { onDelete: 'set null' }),
    sentAt: timestamp('sent_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
  },
  (table) => [
    primaryKey({ columns: [table.flowId, table.addressHash, table.day] }),
    index('acknowledgements_sent_day_idx').on(table.day),
  ],
);
