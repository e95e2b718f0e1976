import { integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { entities } from './entities.ts';

/**
 * Accepted notifications per entity and billing month. A plan with a limit is counted here, in the
 * accepting transaction; a plan without one appends its counts to `entity_usage_deltas`
 * (decision 060). Read it with its deltas (`leadbell_usage_count`; what bills, `leadbell_billable_count`).
 */
export const entityUsage = pgTable(
  'entity_usage',
  {
    entityId: uuid('entity_id')
      .notNull()
      .references(() => entities.id, { onDelete: 'cascade' }),
    periodStart: timestamp('period_start', { withTimezone: true }).notNull(),
    notificationCount: integer('notification_count').notNull().default(0),
    // Leads held past Starter's limit this month (decision 041; released ones are taken off), and test notifications: neither is billed.
    heldCount: integer('held_count').notNull().default(0),
    testCount: integer('test_count').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.entityId, table.periodStart] })],
);

/**
 * Counts not yet added into `entity_usage` (decision 060): ingestion appends one row per entity and
 * month of a batch of a plan without a limit, so no batch waits on another's count row until it
 * commits. The worker's take adds them in (leadbell_fold_counts), and so does anything that takes
 * the entity's lock to change leads and counts together (lockEntityLeads). No key and no foreign
 * key: appending is all a batch does.
 */
export const entityUsageDeltas = pgTable('entity_usage_deltas', {
  entityId: uuid('entity_id').notNull(),
  periodStart: timestamp('period_start', { withTimezone: true }).notNull(),
  notificationCount: integer('notification_count').notNull(),
});

export const ENTITY_DIGEST_KINDS = ['morning', 'weekly'] as const;

/** Digests sent to an entity (decision 025), one per kind and period (`period` names it: a date). */
export const entityDigests = pgTable(
  'entity_digests',
  {
    entityId: uuid('entity_id')
      .notNull()
      .references(() => entities.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ENTITY_DIGEST_KINDS }).notNull(),
    period: text('period').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.entityId, table.kind, table.period] })],
);

/**
 * `sms_allowance`: the plan's text messages this month are used up (decision 053);
 * `call_allowance`: its call minutes (issue 50).
 */
export const ENTITY_ALERT_KINDS = [
  'usage_80',
  'usage_100',
  'leads_held',
  'spam_flood',
  'sms_allowance',
  'call_allowance',
] as const;

/**
 * Emails to an entity's admins about its volume, at most one of each kind per billing month; a
 * flood of spam (decision 039) at most once a day: its period_start is the day's (UTC).
 */
export const entityAlerts = pgTable(
  'entity_alerts',
  {
    entityId: uuid('entity_id')
      .notNull()
      .references(() => entities.id, { onDelete: 'cascade' }),
    periodStart: timestamp('period_start', { withTimezone: true }).notNull(),
    kind: text('kind', { enum: ENTITY_ALERT_KINDS }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (table) => [primaryKey({ columns: [table.entityId, table.periodStart, table.kind] })],
);
