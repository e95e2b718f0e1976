import { sql } from 'drizzle-orm';
import { bigserial, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { pushSubscriptions } from './devices.ts';
import { entities } from './entities.ts';
import { notifications } from './notifications.ts';

/**
 * `telegram`: a member's linked chat (decision 052); `sms`: a text to the member's verified number
 * (decision 053); `voice`: a phone call to it (issue 50). Their rows have a user and no subscription.
 */
export const DELIVERY_CHANNELS = ['push', 'email', 'telegram', 'sms', 'voice'] as const;
export const DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;
/** `lead`: the notification itself. `escalation`: nobody claimed it in time (decision 025). */
export const DELIVERY_PURPOSES = ['lead', 'escalation'] as const;
/** Why an email copy went out although the user did not ask for one: no device, or every push failed. */
export const EMAIL_FALLBACK_REASONS = ['no_device', 'push_failed'] as const;

/** One notification to one target: a push subscription or a user's mailbox. */
export const deliveries = pgTable(
  'deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    notificationId: uuid('notification_id')
      .notNull()
      .references(() => notifications.id, { onDelete: 'cascade' }),
    entityId: uuid('entity_id')
      .notNull()
      .references(() => entities.id, { onDelete: 'cascade' }),
    channel: text('channel', { enum: DELIVERY_CHANNELS }).notNull(),
    // Null for email, and for a push target whose subscription was removed since.
    subscriptionId: uuid('subscription_id').references(() => pushSubscriptions.id, { onDelete: 'set null' }),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    status: text('status', { enum: DELIVERY_STATUSES }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    fallbackReason: text('fallback_reason', { enum: EMAIL_FALLBACK_REASONS }),
    purpose: text('purpose', { enum: DELIVERY_PURPOSES }).notNull().default('lead'),
    // When the device's service worker confirmed it received this push.
    receivedAt: timestamp('received_at', { withTimezone: true }),
    // A pending delivery is its own schedule (decision 066): its next attempt is due at due_at (now
    // when queued, later for a retry), and a worker that claimed it holds it until leased_until.
    dueAt: timestamp('due_at', { withTimezone: true }).notNull().defaultNow(),
    leasedUntil: timestamp('leased_until', { withTimezone: true }),
  },
  (table) => [
    index('deliveries_notification_id_idx').on(table.notificationId),
    // What a worker's fetch reads: the pending deliveries, by when they are due. Nothing else is
    // pending for long, so the index holds the deliveries in flight, the retries and any backlog.
    index('deliveries_due_idx')
      .on(table.dueAt)
      .where(sql`${table.status} = 'pending'`),
    // At most one email of a notification per user and purpose, however it came about (choice or fallback).
    uniqueIndex('deliveries_email_per_user_purpose_idx')
      .on(table.notificationId, table.userId, table.purpose)
      .where(sql`${table.channel} = 'email'`),
    // Likewise one push of a notification per device and purpose, and one text, call or Telegram
    // message per member and purpose: leadbell_queue_deliveries skips what is queued already, so a lead
    // queued twice (a held lead released before the worker took it in) rings once.
    uniqueIndex('deliveries_push_per_subscription_purpose_idx')
      .on(table.notificationId, table.subscriptionId, table.purpose)
      .where(sql`${table.channel} = 'push'`),
    uniqueIndex('deliveries_message_per_user_purpose_idx')
      .on(table.notificationId, table.userId, table.channel, table.purpose)
      .where(sql`${table.channel} in ('telegram', 'sms', 'voice')`),
  ],
);

/** Every attempt to deliver, kept for the owner's and our own troubleshooting. */
export const deliveryAttempts = pgTable(
  'delivery_attempts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    deliveryId: uuid('delivery_id')
      .notNull()
      .references(() => deliveries.id, { onDelete: 'cascade' }),
    attemptedAt: timestamp('attempted_at', { withTimezone: true }).notNull().defaultNow(),
    // delivered | retry | gone | failed
    outcome: text('outcome').notNull(),
    statusCode: integer('status_code'),
    error: text('error'),
    durationMs: integer('duration_ms').notNull(),
  },
  (table) => [index('delivery_attempts_delivery_id_idx').on(table.deliveryId)],
);
