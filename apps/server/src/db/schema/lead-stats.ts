import { boolean, date, integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { entities } from './entities.ts';

/** Where a lead is counted, after its entity: the key of a count, and the count. */
const countColumns = {
  day: date('day').notNull(),
  flowId: uuid('flow_id').notNull(),
  memberId: text('member_id').notNull(),
  claimBucket: integer('claim_bucket').notNull(),
  isWithin: boolean('is_within').notNull(),
  isEscalated: boolean('is_escalated').notNull(),
  leads: integer('leads').notNull(),
};

/**
 * Speed-to-lead kept as counts (decision 025): how many real leads of an entity's local day, flow,
 * first claimer (`''` while unclaimed) and time-to-claim bucket (`-1` while unclaimed) were
 * answered within target and escalated. Maintained by statement-level triggers on
 * `notifications` (migration 0008), so insights read a few thousand rows, never the leads. The
 * triggers append to `lead_stats_deltas`; the worker folds those in here (decision 060).
 */
export const leadStatsDaily = pgTable(
  'lead_stats_daily',
  {
    entityId: uuid('entity_id')
      .notNull()
      .references(() => entities.id, { onDelete: 'cascade' }),
    ...countColumns,
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

/**
 * Changes to `lead_stats_daily` not yet folded in (decision 060): the triggers on `notifications`
 * append one row per key a statement changes, so no writer of leads waits on another's count row
 * (two batches of one business used to queue on its day's row). The worker's take folds them into
 * `lead_stats_daily`; insights read both. No key and no foreign key: appending is all a writer does,
 * and the fold drops the rows of an entity deleted since.
 */
export const leadStatsDeltas = pgTable('lead_stats_deltas', {
  entityId: uuid('entity_id').notNull(),
  ...countColumns,
});
