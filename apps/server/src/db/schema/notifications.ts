import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  smallint,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { TRAFFIC_SOURCES } from '@leadbell/shared/lead-sources';
import { LEAD_OUTCOMES, LEAD_STATUSES, LOST_REASONS, type SpamReasonCode } from '@leadbell/shared/leads';
import { NOTIFICATION_SOURCES } from '@leadbell/shared/notifications';
import { users } from './auth.ts';
import { entities } from './entities.ts';
import { flows } from './flows.ts';

export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    // Monotonic position: the pagination cursor and the live stream's event id. In the order of the
    // writing transactions (decision 061): a live stream delivers positions below the oldest
    // transaction still running, which no later commit can come before.
    seq: bigint('seq', { mode: 'number' })
      .notNull()
      .default(sql`leadbell_next_position()`),
    entityId: uuid('entity_id')
      .notNull()
      .references(() => entities.id, { onDelete: 'cascade' }),
    flowId: uuid('flow_id')
      .notNull()
      .references(() => flows.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    message: text('message').notNull(),
    url: text('url'),
    data: jsonb('data').$type<Record<string, unknown>>(),
    // Sent with `test: true` (the console's "Send a test lead", a developer trying the API): shown
    // with a Test badge, delivered, never counted against the plan.
    isTest: boolean('is_test').notNull().default(false),
    // The member who sent a test lead from the console: it rings them alone (issue 49). Null for a
    // test sent with an API key alone, which rings the admins. No foreign key: the take inserts
    // every lead, and a sender who leaves only makes their old test nobody's.
    testSentBy: text('test_sent_by'),
    // Over Starter's monthly limit from a form: stored and shown, not delivered until a larger plan is chosen.
    isHeld: boolean('is_held').notNull().default(false),
    source: text('source', { enum: NOTIFICATION_SOURCES }).notNull().default('api'),
    // The page a form or script sent it from (Referer, else Origin), when the browser said.
    pageUrl: text('page_url'),
    // Data fields cut to their limit rather than refused (forms and webhooks cannot fix their input).
    shortenedFields: text('shortened_fields')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    // The lead's state (decision 024): open until someone claims it, done once answered; spam
    // when quarantined (decision 039).
    leadStatus: text('lead_status', { enum: LEAD_STATUSES }).notNull().default('open'),
    // The signals the request showed (each code and its points, decision 039); null for a test.
    // Only a lead whose status is spam was judged spam by them.
    spamReasons: jsonb('spam_reasons').$type<Array<{ code: SpamReasonCode; points: number }>>(),
    // Hashes of the folded message and of the sender's address (spam-score.ts), for the same
    // message reaching other businesses; null when too short to tell, or for a test.
    messageFingerprint: text('message_fingerprint'),
    senderFingerprint: text('sender_fingerprint'),
    // The nonce of the form's genuine fill-time token (fill-time-token.ts): a second lead with it
    // replayed the token. No index: the worker keeps the nonces it saw in fill_token_uses.
    fillToken: text('fill_token'),
    // A public submission (a form post, a webhook delivery, a browser's call with an Origin): only
    // these count toward a form's flood; a call from the business's own server with its secret
    // key does not (issue 46).
    isPublic: boolean('is_public').notNull().default(false),
    claimedBy: text('claimed_by').references(() => users.id, { onDelete: 'set null' }),
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    doneBy: text('done_by').references(() => users.id, { onDelete: 'set null' }),
    doneAt: timestamp('done_at', { withTimezone: true }),
    // Speed-to-lead (decision 025): the response timer's start (arrival, or the next opening), its
    // length, and the first claim, which a release never resets.
    responseStartedAt: timestamp('response_started_at', { withTimezone: true }),
    responseTargetSeconds: integer('response_target_seconds'),
    firstClaimedAt: timestamp('first_claimed_at', { withTimezone: true }),
    firstClaimedBy: text('first_claimed_by').references(() => users.id, { onDelete: 'set null' }),
    // 1 once the team's phones rang again, 2 once everyone was emailed.
    escalationStage: smallint('escalation_stage').notNull().default(0),
    // Arrived while the business was closed: rang nobody; the morning summary lists it.
    isAfterHours: boolean('is_after_hours').notNull().default(false),
    summarizedAt: timestamp('summarized_at', { withTimezone: true }),
    // Deleted by an admin (issue 25): gone from every list, count, export and insight; restorable
    // for LEAD_RESTORABLE_DAYS, then deleted for good by the scheduler.
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    deletedBy: text('deleted_by').references(() => users.id, { onDelete: 'set null' }),
    // Where the lead came from (issue 26): the referrer and the landing page's campaign
    // parameters as the visitor's page sent them, and the source the worker derives from them.
    referrer: text('referrer'),
    attribution: jsonb('attribution').$type<Record<string, string>>(),
    trafficSource: text('traffic_source', { enum: TRAFFIC_SOURCES }),
    // What became of it (issue 26), set by the team and editable; the value is in the entity's currency.
    outcome: text('outcome', { enum: LEAD_OUTCOMES }),
    outcomeValue: numeric('outcome_value', { precision: 14, scale: 2 }),
    outcomeReason: text('outcome_reason', { enum: LOST_REASONS }),
    outcomeNote: text('outcome_note'),
    outcomeAt: timestamp('outcome_at', { withTimezone: true }),
    outcomeBy: text('outcome_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // Ascending on purpose: scanned backward it serves `order by seq desc` (NULLS FIRST), which a
    // DESC NULLS LAST index cannot.
    index('notifications_flow_id_seq_idx').on(table.flowId, table.seq),
    // A flow's public submissions along their positions: the flood reads back at most a minute's.
    index('notifications_public_flow_seq_idx')
      .on(table.flowId, table.seq)
      .where(sql`${table.isPublic}`),
    index('notifications_entity_id_seq_idx').on(table.entityId, table.seq),
    index('notifications_entity_status_seq_idx').on(table.entityId, table.leadStatus, table.seq),
    index('notifications_entity_claimed_by_seq_idx').on(table.entityId, table.claimedBy, table.seq),
    index('notifications_after_hours_idx')
      .on(table.entityId, table.createdAt)
      .where(sql`${table.isAfterHours} and ${table.summarizedAt} is null`),
    index('notifications_held_idx')
      .on(table.entityId)
      .where(sql`${table.isHeld}`),
    // Quarantined leads by age: the scheduler deletes those past SPAM_KEPT_DAYS (decision 039).
    index('notifications_spam_created_at_idx')
      .on(table.createdAt)
      .where(sql`${table.leadStatus} = 'spam'`),
    // Deleted leads by age: the scheduler deletes those past LEAD_RESTORABLE_DAYS for good.
    index('notifications_deleted_at_idx')
      .on(table.deletedAt)
      .where(sql`${table.deletedAt} is not null`),
  ],
);

/**
 * Where positions (`notifications.seq`) count from (decision 061): a position is `base` plus the
 * writing transaction's id since `fromXid`, times 1,024, plus the row's place in it. A restored
 * snapshot moves `base` past every restored position, since a new cluster's transaction ids start
 * again from low. One row.
 */
export const notificationPositions = pgTable(
  'notification_positions',
  {
    isSingleton: boolean('is_singleton').primaryKey().default(true),
    base: bigint('base', { mode: 'number' }).notNull(),
    fromXid: bigint('from_xid', { mode: 'number' }).notNull(),
  },
  (table) => [check('notification_positions_singleton', sql`${table.isSingleton}`)],
);
