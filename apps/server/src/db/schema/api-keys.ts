import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { entities } from './entities.ts';

export const apiKeys = pgTable(
  'api_keys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    entityId: uuid('entity_id')
      .notNull()
      .references(() => entities.id, { onDelete: 'cascade' }),
    label: text('label'),
    // SHA-256 of the key: how a request's key is found without storing the key itself.
    keyHash: text('key_hash').notNull().unique(),
    // AES-256-GCM ciphertext so the owner can copy the key again from the console.
    keyCiphertext: text('key_ciphertext').notNull(),
    maskedKey: text('masked_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    // Browser origins allowed to use the key; empty allows any.
    allowedOrigins: text('allowed_origins')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (table) => [index('api_keys_entity_id_idx').on(table.entityId)],
);
