import { index, pgTable, smallint, timestamp, uuid } from 'drizzle-orm/pg-core';
import { notifications } from './notifications.ts';

/**
 * The next escalation stage of each lead that escalates (decision 038): one row per lead, written
 * by the delivery worker when it takes the lead in, moved to stage 2 when stage 1 has run and
 * deleted after stage 2. The escalation sweep reads it by due time. Times are the app's clock,
 * like the lead's response timer they derive from.
 */
export const leadEscalations = pgTable(
  'lead_escalations',
  {
    notificationId: uuid('notification_id')
      .primaryKey()
      .references(() => notifications.id, { onDelete: 'cascade' }),
    stage: smallint('stage').notNull(),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('lead_escalations_due_at_idx').on(table.dueAt)],
);
