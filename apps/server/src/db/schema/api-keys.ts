import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { entities } from './entities.ts';
import { flows } from './flows.ts';

/** `api`: a key from the API page. `hook`: the token of a flow's inbound webhook address, usable for that flow only. */
export const API_KEY_KINDS = ['api', 'hook'] as const;

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
    kind: text('kind', { enum: API_KEY_KINDS }).notNull().default('api'),
    // Set for `hook` keys: the one flow the webhook address notifies.
    flowId: uuid('flow_id').references(() => flows.id, { onDelete: 'cascade' }),
  },
  (table) => [
    index('api_keys_entity_id_idx').on(table.entityId),
    uniqueIndex('api_keys_active_hook_per_flow_idx')
      .on(table.flowId)
      .where(sql`${table.kind} = 'hook' and ${table.revokedAt} is null`),
  ],
);
