import { boolean, date, integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { entities } from './entities.ts';

/**
 * Speed-to-lead kept as counts (decision 025): how many real leads of an entity's local day, flow,
 * first claimer (`''` while unclaimed) and time-to-claim bucket (`-1` while unclaimed) were
 * answered within target and escalated. Maintained by statement-level triggers on
 * `notifications` (migration 0008), so insights read a few thousand rows, never the leads.
 */
export const leadStatsDaily = pgTable(
  'lead_stats_daily',
  {
    entityId: uuid('entity_id')
      .notNull()
      .references(() => entities.id, { onDelete: 'cascade' }),
    day: date('day').notNull(),
    flowId: uuid('flow_id').notNull(),
    memberId: text('member_id').notNull(),
    claimBucket: integer('claim_bucket').notNull(),
    isWithin: boolean('is_within').notNull(),
    isEscalated: boolean('is_escalated').notNull(),
    leads: integer('leads').notNull(),
  },
  (table) => [
    primaryKey({
      name: 'lead_stats_daily_pk',
      columns: [
        table.entityId,
        table.day,
        table.flowId,
        table.memberId,
        table.claimBucket,
        table.isWithin,
        table.isEscalated,
      ],
    }),
  ],
);
