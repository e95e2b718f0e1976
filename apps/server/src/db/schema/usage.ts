import { integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { entities } from './entities.ts';

/** Accepted notifications per entity and billing month, counted in the accepting transaction. */
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

/** `sms_allowance`: the plan's text messages this month are used up (decision 053). */
export const ENTITY_ALERT_KINDS = ['usage_80', 'usage_100', 'leads_held', 'spam_flood', 'sms_allowance'] as const;

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
