import type { QuietHours } from '@leadbell/shared/business-hours';
import { SMS_CHOICES } from '@leadbell/shared/sms';
import { TEST_REACH_CHANNELS } from '@leadbell/shared/setup';
import { VOICE_CHOICES } from '@leadbell/shared/voice';
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { entities } from './entities.ts';

/** A browser's Web Push subscription: one row per installed app or browser profile of a user. */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    entityId: uuid('entity_id')
      .notNull()
      .references(() => entities.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull().unique(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    label: text('label'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSuccessAt: timestamp('last_success_at', { withTimezone: true }),
    lastFailureAt: timestamp('last_failure_at', { withTimezone: true }),
    lastFailureReason: text('last_failure_reason'),
    consecutiveFailures: integer('consecutive_failures').notNull().default(0),
    // The last time this device's service worker confirmed it received a push (not just the push service).
    lastReceivedAt: timestamp('last_received_at', { withTimezone: true }),
  },
  (table) => [index('push_subscriptions_entity_id_idx').on(table.entityId)],
);

/**
 * A user's delivery settings. Email copies follow the user's choice when they made one (not
 * null); until then they are on while none of the user's devices has confirmed a delivery
 * (decision 021). A user without a row has made no choice and confirmed nothing.
 */
export const deliveryPreferences = pgTable('delivery_preferences', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  emailNotifications: boolean('email_notifications'),
  pushConfirmedAt: timestamp('push_confirmed_at', { withTimezone: true }),
  // The last test that reached the member by email, Telegram or text (a push's is pushConfirmedAt):
  // the first-day checklist's test step (issue 49).
  testReachedAt: timestamp('test_reached_at', { withTimezone: true }),
  testReachedBy: text('test_reached_by', { enum: TEST_REACH_CHANNELS }),
  // When the member's last test email was sent, or is being sent: the slot of one a minute.
  emailTestAt: timestamp('email_test_at', { withTimezone: true }),
  // The member's own silent window, in the entity's zone (decision 025).
  quietHours: jsonb('quiet_hours').$type<QuietHours>(),
  // Which leads also come by text message, to the member's verified number (decision 053).
  sms: text('sms', { enum: SMS_CHOICES }).notNull().default('off'),
  // Which leads also ring the member's verified number with a phone call (issue 50).
  voice: text('voice', { enum: VOICE_CHOICES }).notNull().default('off'),
  // Since when the member set themselves away (issue 50): leadbell_members_rung passes them over.
  awaySince: timestamp('away_since', { withTimezone: true }),
});
