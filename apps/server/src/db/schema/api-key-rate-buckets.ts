import { doublePrecision, integer, pgTable, timestamp, uuid } from 'drizzle-orm/pg-core';
import { apiKeys } from './api-keys.ts';

// The ingestion rate limit's token bucket per API key, shared by every server process on the
// database (decision 028). UNLOGGED in the migration (Drizzle cannot say so): a crash of
// PostgreSQL empties it, which only refills every bucket, and taking a token never waits on a
// durable commit.
export const apiKeyRateBuckets = pgTable('api_key_rate_buckets', {
  apiKeyId: uuid('api_key_id')
    .primaryKey()
    .references(() => apiKeys.id, { onDelete: 'cascade' }),
  // What the bucket held at updated_at; it refills at NOTIFY_RATE_LIMIT a second up to the burst.
  tokens: doublePrecision('tokens').notNull(),
  // How many requests the last take let through, so one statement can both take and tell.
  taken: integer('taken').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
