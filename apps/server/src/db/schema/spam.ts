import { sql } from 'drizzle-orm';
import { index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { entities } from './entities.ts';

/**
 * Which entities received a message lately (decision 039): only a hash of the folded message and
 * of its sender's address, never a lead's text, so the same pitch reaching a second business is
 * recognised without one tenant's data reaching another. Rows older than a day are pruned.
 */
export const spamFingerprints = pgTable(
  'spam_fingerprints',
  {
    fingerprint: text('fingerprint').notNull(),
    entityId: uuid('entity_id')
      .notNull()
      .references(() => entities.id, { onDelete: 'cascade' }),
    sender: text('sender'),
    seenAt: timestamp('seen_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
  },
  (table) => [
    primaryKey({ columns: [table.fingerprint, table.entityId] }),
    index('spam_fingerprints_seen_at_idx').on(table.seenAt),
  ],
);

/**
 * What an entity's team said about a message or a sender (decision 039): `spam` (its later leads
 * are quarantined) or `not_spam` (a sender whose leads the network signal never quarantines).
 * Keyed by the same hashes as the leads' fingerprints, so no text is kept here either.
 */
export const spamMarks = pgTable(
  'spam_marks',
  {
    entityId: uuid('entity_id')
      .notNull()
      .references(() => entities.id, { onDelete: 'cascade' }),
    fingerprint: text('fingerprint').notNull(),
    verdict: text('verdict', { enum: ['spam', 'not_spam'] }).notNull(),
    markedAt: timestamp('marked_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
  },
  (table) => [
    primaryKey({ columns: [table.entityId, table.fingerprint] }),
    // Other businesses' Spam marks on a message or a sender (issue 46): agreed by several
    // unrelated businesses, they quarantine it at the next. With the entity in the index the
    // look-up reads it alone (an index-only scan), so the planner never prefers the primary key's
    // whole length on a young table's statistics (planned-once.integration.test.ts).
    index('spam_marks_spam_fingerprint_idx')
      .on(table.fingerprint, table.entityId)
      .where(sql`${table.verdict} = 'spam'`),
  ],
);

/**
 * What an entity's team taught its own content model (issue 46): for each feature of the leads
 * it marked (leadbell_spam_tokens), how many it said are spam and how many are not. Only the
 * entity's own leads are scored with them; features are words and pairs of words, kept per entity
 * and never shown to another.
 */
export const spamWordMarks = pgTable(
  'spam_word_marks',
  {
    entityId: uuid('entity_id')
      .notNull()
      .references(() => entities.id, { onDelete: 'cascade' }),
    token: text('token').notNull(),
    spam: integer('spam').notNull().default(0),
    genuine: integer('genuine').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.entityId, table.token] })],
);

/**
 * The fill-time token nonces each entity's leads carried (decision 039): a second lead with one
 * replayed its token. Written by the worker's take, not at ingestion, where an index over random
 * nonces cost a tenth of the throughput; rows outlive a token's lifetime, then are pruned.
 */
export const fillTokenUses = pgTable(
  'fill_token_uses',
  {
    entityId: uuid('entity_id')
      .notNull()
      .references(() => entities.id, { onDelete: 'cascade' }),
    nonce: text('nonce').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
  },
  (table) => [
    primaryKey({ columns: [table.entityId, table.nonce] }),
    index('fill_token_uses_used_at_idx').on(table.usedAt),
  ],
);

/**
 * The languages an entity's genuine leads were written in, and how many of each (issue 46): a
 * message in a language the business never receives counts against it. Learned when a lead is
 * settled open, and from the team's "Spam" (one less) and "Not spam" (one more).
 */
export const entityLanguages = pgTable(
  'entity_languages',
  {
    entityId: uuid('entity_id')
      .notNull()
      .references(() => entities.id, { onDelete: 'cascade' }),
    language: text('language').notNull(),
    leads: integer('leads').notNull(),
  },
  (table) => [primaryKey({ columns: [table.entityId, table.language] })],
);
