import { sql } from 'drizzle-orm';
import { bigint, boolean, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Leads accepted and not yet taken in (decision 064): what a 202 needs written, and no more. Only
 * the primary key, no foreign keys, no triggers: the notifications table's eight indexes, its two
 * foreign keys and the insights trigger cost the accept more than half its time. The worker's take
 * moves its batch's leads into notifications first (leadbell_take_in_leads), and a console or API
 * read moves its business's beforehand, so no reader ever misses a lead that got its 202. A lead
 * whose flow is deleted before it is moved goes with its flow, as it would have in notifications.
 * The columns are those of notifications that ingestion writes, with the same meaning.
 */
export const leadIntake = pgTable('lead_intake', {
  id: uuid('id').primaryKey(),
  // The batch's position block and the item's place in it (decision 061): leads are moved in this
  // order, and take positions of their own then, in the moving transaction's block.
  acceptedPosition: bigint('accepted_position', { mode: 'number' }).notNull(),
  entityId: uuid('entity_id').notNull(),
  flowId: uuid('flow_id').notNull(),
  title: text('title').notNull(),
  message: text('message').notNull(),
  url: text('url'),
  data: jsonb('data').$type<Record<string, unknown>>(),
  isTest: boolean('is_test').notNull(),
  isHeld: boolean('is_held').notNull(),
  source: text('source').notNull(),
  pageUrl: text('page_url'),
  shortenedFields: text('shortened_fields')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  isAfterHours: boolean('is_after_hours').notNull(),
  responseStartedAt: timestamp('response_started_at', { withTimezone: true }),
  responseTargetSeconds: integer('response_target_seconds'),
  leadStatus: text('lead_status').notNull(),
  spamReasons: jsonb('spam_reasons'),
  messageFingerprint: text('message_fingerprint'),
  senderFingerprint: text('sender_fingerprint'),
  fillToken: text('fill_token'),
  referrer: text('referrer'),
  attribution: jsonb('attribution'),
  trafficSource: text('traffic_source'),
  testSentBy: text('test_sent_by'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  isPublic: boolean('is_public').notNull().default(false),
});
