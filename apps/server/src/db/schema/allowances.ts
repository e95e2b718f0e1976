import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Counters of everything Leadbell limits on someone's behalf (replies, visitor mail, text
 * messages, probes of the auth endpoints), one row per limit and subject: `<limit>:<subject>`.
 * `used` counts within the window that started at `window_started_at`; a take after the window
 * ends starts a new one. Taken and given back only by db/functions/70-allowances.sql.
 */
export const allowances = pgTable('allowances', {
  key: text('key').primaryKey(),
  used: integer('used').notNull(),
  windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull(),
});
