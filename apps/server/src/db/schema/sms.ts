import { index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { SMS_PURPOSES, type SmsMessageStatus } from '@leadbell/shared/sms';
import { users } from './auth.ts';
import { deliveries } from './deliveries.ts';
import { entities } from './entities.ts';

/**
 * A member's mobile number (issue 27, decision 053): `phone` once verified; `pending_phone` while
 * its code (kept as an HMAC, never in clear) waits, 10 minutes and 5 tries. A new number keeps the
 * verified one until its own code is entered.
 */
export const memberPhones = pgTable('member_phones', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  phone: text('phone'),
  verifiedAt: timestamp('verified_at', { withTimezone: true }),
  pendingPhone: text('pending_phone'),
  codeHash: text('code_hash'),
  codeExpiresAt: timestamp('code_expires_at', { withTimezone: true }),
  codeAttempts: integer('code_attempts').notNull().default(0),
  // Twilio's id of the code's text, so its status callbacks can say whether it arrived.
  codeMessageSid: text('code_message_sid'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Every text message sent: what its status callbacks update. Written before Twilio is asked, with
 * its id in the message's StatusCallback URL, so a receipt that comes before Twilio's answer is
 * read still finds it (send-tracked-texts.ts). No number or text is kept here.
 */
export const smsMessages = pgTable(
  'sms_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    // Twilio's id, once its answer is read (or from the first receipt, if that came first); null
    // also when Twilio never answered, and the text may have gone anyway.
    providerSid: text('provider_sid').unique(),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    entityId: uuid('entity_id').references(() => entities.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: SMS_PURPOSES }).notNull(),
    // The lead's delivery a lead or escalation text belongs to: its callbacks settle that delivery.
    deliveryId: uuid('delivery_id').references(() => deliveries.id, { onDelete: 'cascade' }),
    status: text('status').$type<SmsMessageStatus>().notNull().default('sent'),
    // Twilio's ErrorCode when it could not deliver (30003 unreachable, 30007 filtered…).
    errorCode: text('error_code'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('sms_messages_user_purpose_created_idx').on(table.userId, table.purpose, table.createdAt)],
);

/**
 * Text messages of leads sent per entity and billing month, against the plan's allowance
 * (decision 053); verification codes are not counted.
 */
export const entitySmsUsage = pgTable(
  'entity_sms_usage',
  {
    entityId: uuid('entity_id')
      .notNull()
      .references(() => entities.id, { onDelete: 'cascade' }),
    periodStart: timestamp('period_start', { withTimezone: true }).notNull(),
    sentCount: integer('sent_count').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.entityId, table.periodStart] })],
);
