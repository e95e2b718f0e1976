import { bigserial, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { CallerIdVerificationStatus, VoiceCallStatus } from '@leadbell/shared/voice';
import { users } from './auth.ts';
import { deliveries } from './deliveries.ts';
import { entities } from './entities.ts';
import { notifications } from './notifications.ts';

/**
 * Every phone call placed for a lead (issue 50): to whom, Twilio's id, its latest status with its
 * duration (status callbacks; each one is kept in voice_call_statuses), the key the member pressed, and the call minutes reserved for it
 * from the plan's month (given back or topped up by its real length when it ends). Its `id` is in
 * the TwiML URLs Twilio fetches; no phone number is kept here.
 */
export const voiceCalls = pgTable(
  'voice_calls',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    deliveryId: uuid('delivery_id').references(() => deliveries.id, { onDelete: 'cascade' }),
    notificationId: uuid('notification_id')
      .notNull()
      .references(() => notifications.id, { onDelete: 'cascade' }),
    entityId: uuid('entity_id')
      .notNull()
      .references(() => entities.id, { onDelete: 'cascade' }),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    providerSid: text('provider_sid').unique(),
    status: text('status').$type<VoiceCallStatus>().notNull().default('queued'),
    durationSeconds: integer('duration_seconds'),
    // 1: took the lead; 2: passed it on; null: no key (not an answer).
    digits: text('digits'),
    reservedMinutes: integer('reserved_minutes').notNull(),
    // The allowance counter's take, to give back into the same month only.
    reservedAt: timestamp('reserved_at', { withTimezone: true }).notNull(),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('voice_calls_notification_id_idx').on(table.notificationId)],
);

/**
 * Each status a call went through (decision 079), as Twilio's callbacks told it: ringing,
 * answered (`in-progress`), then how it ended, with its length. The lead's timeline shows each one.
 * One row per call and status: a callback Twilio sends again records nothing more.
 */
export const voiceCallStatuses = pgTable(
  'voice_call_statuses',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    callId: uuid('call_id')
      .notNull()
      .references(() => voiceCalls.id, { onDelete: 'cascade' }),
    status: text('status').$type<VoiceCallStatus>().notNull(),
    durationSeconds: integer('duration_seconds'),
    // The database's clock, as each delivery attempt's and the call's own placing are: one timeline.
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('voice_call_statuses_call_id_status_idx').on(table.callId, table.status)],
);

/**
 * A business's own caller ID (decision 082): the number its customers see when a member presses 1
 * on a lead call. `phone` once Twilio verified it (an OutgoingCallerId, `twilio_sid` PN…);
 * `pending_*` while Twilio calls the number an admin typed and waits for the validation code
 * (shown to the admins until the call ends), or after it ended without it (`failed`). A verified
 * number stays in use until another one is verified. `pending_id` is in the status callback's
 * URL, so a callback of an earlier verification changes nothing.
 */
export const entityCallerIds = pgTable(
  'entity_caller_ids',
  {
    entityId: uuid('entity_id')
      .primaryKey()
      .references(() => entities.id, { onDelete: 'cascade' }),
    phone: text('phone'),
    twilioSid: text('twilio_sid'),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    pendingId: uuid('pending_id'),
    pendingPhone: text('pending_phone'),
    pendingStatus: text('pending_status').$type<CallerIdVerificationStatus>(),
    // Twilio's code for the call it places; cleared when the call ends, either way.
    validationCode: text('validation_code'),
    pendingCallSid: text('pending_call_sid'),
    requestedAt: timestamp('requested_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // Twilio keeps one OutgoingCallerId per number for the whole account: one business per number.
  (table) => [
    uniqueIndex('entity_caller_ids_phone_idx').on(table.phone),
    uniqueIndex('entity_caller_ids_pending_id_idx').on(table.pendingId),
  ],
);
