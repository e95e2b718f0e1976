import { integer, pgTable, primaryKey, timestamp, uuid } from 'drizzle-orm/pg-core';
import { entities } from './entities.ts';

/** Accepted notifications per entity and billing month, counted in the accepting transaction. */
export const entityUsage = pgTable(
  'entity_usage',
  {
    entityId: uuid('entity_id')
      .notNull()
      .references(() => entities.id, { onDelete: 'cascade' }),
    periodStart: timestamp('period_start', { withTimezone: true }).notNull(),
    notificationCount: integer('notification_count').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.entityId, table.periodStart] })],
);
