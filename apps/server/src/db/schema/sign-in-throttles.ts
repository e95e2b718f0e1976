import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

// Failed sign-ins per account ("account:<email>") and per client address ("ip:<address>"); also
// sign-ups from invitation links per client address ("invitation-sign-up:<address>", every try).
export const signInThrottles = pgTable('sign_in_throttles', {
  key: text('key').primaryKey(),
  failures: integer('failures').notNull().default(0),
  windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull().defaultNow(),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
});
