import { bigint, boolean, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { entities } from './entities.ts';

/**
 * A member's Telegram chat (issue 27, decision 052): where the bot sends their leads, linked by
 * `/start <token>` from a one-time deep link. One chat per member; `is_enabled` false is the
 * member's own "Telegram off" (the link stays, nothing is sent).
 */
export const telegramLinks = pgTable('telegram_links', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  entityId: uuid('entity_id')
    .notNull()
    .references(() => entities.id, { onDelete: 'cascade' }),
  chatId: bigint('chat_id', { mode: 'number' }).notNull(),
  displayName: text('display_name'),
  isEnabled: boolean('is_enabled').notNull().default(true),
  linkedAt: timestamp('linked_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A deep link's one-time token, kept as its SHA-256: valid 15 minutes, used once. */
export const telegramLinkTokens = pgTable('telegram_link_tokens', {
  tokenHash: text('token_hash').primaryKey(),
  userId: text('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  entityId: uuid('entity_id')
    .notNull()
    .references(() => entities.id, { onDelete: 'cascade' }),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
});

/**
 * The long-polling offset (one row, id 1): the worker that locks it reads `getUpdates` from it and
 * moves it in the same transaction, so each update is handled once across processes.
 */
export const telegramPollState = pgTable('telegram_poll_state', {
  id: integer('id').primaryKey(),
  updateOffset: bigint('update_offset', { mode: 'number' }).notNull().default(0),
});
