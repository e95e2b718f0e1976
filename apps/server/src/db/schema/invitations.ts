import { ROLES } from '@leadbell/shared/session';
import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { entities } from './entities.ts';

/**
 * An invitation to join an entity (decision 023). The link's token is mailed and never stored:
 * only its SHA-256. Pending = not accepted, not revoked, not expired; one pending per email.
 */
export const entityInvitations = pgTable(
  'entity_invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    entityId: uuid('entity_id')
      .notNull()
      .references(() => entities.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    role: text('role', { enum: ROLES }).notNull().default('user'),
    tokenHash: text('token_hash').notNull().unique(),
    invitedBy: text('invited_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    // The last time the link was sent (a resend replaces the token and sends again).
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    acceptedBy: text('accepted_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (table) => [
    index('entity_invitations_entity_id_idx').on(table.entityId),
    uniqueIndex('entity_invitations_pending_email_idx')
      .on(table.entityId, table.email)
      .where(sql`${table.revokedAt} is null and ${table.acceptedAt} is null`),
  ],
);

/** One invitation email sent (new or resent), for the entity's hourly allowance; older than an hour is pruned. */
export const invitationMails = pgTable(
  'invitation_mails',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    entityId: uuid('entity_id')
      .notNull()
      .references(() => entities.id, { onDelete: 'cascade' }),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('invitation_mails_entity_id_sent_at_idx').on(table.entityId, table.sentAt)],
);
