import { pgTable, timestamp, uuid } from 'drizzle-orm/pg-core';
import { notifications } from './notifications.ts';

/**
 * Held leads released (a larger plan chosen, or spam giving room back), each with its release: the
 * release gave it what the worker's take gives a lead that reaches the team (the acknowledgement,
 * lead.created, its escalation; leadbell_release_follow_ups), so a take that meets it after the
 * release does not give them again. Times are the app's clock.
 */
export const leadReleases = pgTable('lead_releases', {
  notificationId: uuid('notification_id')
    .primaryKey()
    .references(() => notifications.id, { onDelete: 'cascade' }),
  releasedAt: timestamp('released_at', { withTimezone: true }).notNull(),
});
