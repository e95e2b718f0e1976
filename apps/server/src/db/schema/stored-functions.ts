import { sql } from 'drizzle-orm';
import { boolean, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Which version of db/functions/ the database holds: the digest of its files, as migrate.ts last
 * applied them. A start whose files have the same digest, and that applied no migration, leaves
 * them as they are (issue 45: re-creating every function cost each restart its time).
 */
export const storedFunctions = pgTable('stored_functions', {
  // One row: the key is always true.
  isCurrent: boolean('is_current').primaryKey().default(true),
  digest: text('digest').notNull(),
  appliedAt: timestamp('applied_at', { withTimezone: true })
    .notNull()
    .default(sql`now()`),
});
