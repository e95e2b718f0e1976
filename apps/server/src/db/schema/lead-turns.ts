import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { notifications } from './notifications.ts';

/**
 * A lead of a flow that rings in turn (issue 50), while it has members left to ask: whom it asked,
 * in order, and when the next is due (the lead's arrival plus a step per member asked, on the
 * app's clock like escalations). Written by the fan-out, moved on by the sweep
 * (leadbell_ring_next_turn), deleted when everyone is rung or the lead is no longer open.
 */
export const leadTurns = pgTable(
  'lead_turns',
  {
    notificationId: uuid('notification_id')
      .primaryKey()
      .references(() => notifications.id, { onDelete: 'cascade' }),
    asked: text('asked').array().notNull(),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('lead_turns_due_at_idx').on(table.dueAt)],
);
