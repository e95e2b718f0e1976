import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type {
  WebhookDeliveryEventType,
  WebhookDeliveryStatus,
  WebhookEndpointKind,
  WebhookEventType,
  WebhookLead,
} from '@leadbell/shared/webhooks';
import { entities } from './entities.ts';
import { flows } from './flows.ts';
import { notifications } from './notifications.ts';

/**
 * An entity's outgoing webhook endpoints (issue 27, decision 049): where to POST which lead
 * events, optionally for one flow. The signing secret is sealed like API keys; after a rotation
 * the previous one also signs until `previous_secret_expires_at`. Leadbell disables an endpoint
 * after sustained failure (`disabled_reason`); an admin's update enables it again.
 *
 * `kind = 'slack'` is an entity's Slack connection (decision 049's addendum), at most one: the
 * same events, jobs, retries and log, with a Block Kit body. Its incoming-webhook URL is the secret,
 * so `secret` holds it sealed and `url` only its masked form.
 */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    entityId: uuid('entity_id')
      .notNull()
      .references(() => entities.id, { onDelete: 'cascade' }),
    flowId: uuid('flow_id').references(() => flows.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<WebhookEndpointKind>().notNull().default('standard'),
    url: text('url').notNull(),
    description: text('description'),
    events: text('events').array().$type<WebhookEventType[]>().notNull(),
    secret: text('secret').notNull(),
    previousSecret: text('previous_secret'),
    previousSecretExpiresAt: timestamp('previous_secret_expires_at', { withTimezone: true }),
    isEnabled: boolean('is_enabled').notNull().default(true),
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    disabledReason: text('disabled_reason'),
    lastSuccessAt: timestamp('last_success_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('webhook_endpoints_entity_id_idx').on(table.entityId),
    uniqueIndex('webhook_endpoints_one_slack_idx')
      .on(table.entityId)
      .where(sql`kind = 'slack'`),
  ],
);

/**
 * One event for one endpoint (its `webhook-id` is derived from `id`, so retries and resends keep
 * it) and the outcome of its latest attempt: the endpoint's delivery log. `lead` is the lead as of
 * the event; a `lead.created` row written by the worker's intake gets it at its first attempt.
 * Each attempt's own answer is kept in `webhook_delivery_attempts`.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    endpointId: uuid('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    entityId: uuid('entity_id')
      .notNull()
      .references(() => entities.id, { onDelete: 'cascade' }),
    notificationId: uuid('notification_id').references(() => notifications.id, { onDelete: 'cascade' }),
    eventType: text('event_type').$type<WebhookDeliveryEventType>().notNull(),
    occurredAt: timestamp('occurred_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
    lead: jsonb('lead').$type<Omit<WebhookLead, 'url'>>(),
    status: text('status').$type<WebhookDeliveryStatus>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastStatusCode: integer('last_status_code'),
    lastDurationMs: integer('last_duration_ms'),
    lastError: text('last_error'),
    responseExcerpt: text('response_excerpt'),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('webhook_deliveries_endpoint_id_idx').on(table.endpointId, table.createdAt),
    // A lead deleted for good takes its deliveries with it (the cascade looks them up by lead).
    index('webhook_deliveries_notification_id_idx').on(table.notificationId),
  ],
);

/**
 * Every attempt at a webhook or Slack delivery, as Stripe and Svix show them (issue 50): a
 * receiver that answered 500 and then 200 shows both. `number` counts from 1, as the delivery's
 * `attempts` does; the delivery's attempt guard writes each number once.
 */
export const webhookDeliveryAttempts = pgTable(
  'webhook_delivery_attempts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    deliveryId: uuid('delivery_id')
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: 'cascade' }),
    number: integer('number').notNull(),
    attemptedAt: timestamp('attempted_at', { withTimezone: true }).notNull().defaultNow(),
    isSuccess: boolean('is_success').notNull(),
    statusCode: integer('status_code'),
    durationMs: integer('duration_ms').notNull(),
    error: text('error'),
    responseExcerpt: text('response_excerpt'),
  },
  (table) => [uniqueIndex('webhook_delivery_attempts_delivery_number_idx').on(table.deliveryId, table.number)],
);
