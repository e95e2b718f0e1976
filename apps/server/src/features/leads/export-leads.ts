import { TZDate } from '@date-fns/tz';
import { and, desc, eq, lt, sql } from 'drizzle-orm';
import type { LeadListQuery } from '@leadbell/shared/leads';
import type { Database } from '../../db/client.ts';
import { entities } from '../../db/schema/entities.ts';
import { notifications } from '../../db/schema/notifications.ts';
import { csvLine, UTF8_BOM } from '../../lib/csv.ts';
import { leadFilterOf } from './list-leads.ts';
import { selectLeads } from './lead-record.ts';

// Rows read per query: memory stays flat however many leads there are, and no connection is held
// while a slow client downloads.
const BATCH = 1000;

const FIXED_COLUMNS = [
  'Received at',
  'Flow',
  'Title',
  'Message',
  'Status',
  'Claimed by',
  'Claimed at',
  'Done at',
  'Test',
  'Page',
  'Outcome',
  'Outcome value',
  'Lost reason',
  'Outcome note',
  'Source',
  'Referrer',
  'Campaign',
];

/**
 * A time in the business's own zone, as ISO 8601 with its offset (`2026-11-25T04:00:00.000-05:00`):
 * what the team's clock said, and still one exact instant for any program that reads it.
 */
function localTimeOf(at: Date | null, timeZone: string): string | null {
  return at ? new TZDate(at, timeZone).toISOString() : null;
}

/**
 * The inbox as CSV, with the same filters, newest first (decision 024): the lead's own columns,
 * then every data field any of the filtered leads has, in the order they first appeared. Yields
 * text as it goes; the route streams it with back-pressure.
 */
export async function* exportLeads(
  db: Database,
  {
    entityId,
    viewerId,
    ...query
  }: Pick<LeadListQuery, 'filter' | 'flowId' | 'outcome' | 'source' | 'q'> & { entityId: string; viewerId: string },
): AsyncGenerator<string> {
  const where = leadFilterOf(entityId, viewerId, query);
  const [{ timeZone } = { timeZone: 'UTC' }] = await db
    .select({ timeZone: entities.timeZone })
    .from(entities)
    .where(eq(entities.id, entityId));
  // Columns in the order fields first appear (jsonb keeps a lead's keys shortest first).
  const { rows: keyRows } = await db.execute<{ key: string }>(sql`
    select field.key from ${notifications}
      cross join lateral jsonb_object_keys(
        case when jsonb_typeof(${notifications.data}) = 'object' then ${notifications.data} else '{}'::jsonb end
      ) with ordinality as field (key, position)
     where ${where}
     group by field.key
     order by min(${notifications.seq}), min(field.position)`);
  const fields = keyRows.map((row) => row.key);
  yield UTF8_BOM + csvLine([...FIXED_COLUMNS, ...fields]);
  let before: number | null = null;
  for (;;) {
    const rows = await selectLeads(
      db,
      viewerId,
      and(where, before === null ? undefined : lt(notifications.seq, before)),
    )
      .orderBy(desc(notifications.seq))
      .limit(BATCH);
    for (const row of rows) {
      const data = (row.data ?? {}) as Record<string, unknown>;
      yield csvLine([
        localTimeOf(row.createdAt, timeZone),
        row.flowName,
        row.title,
        row.message,
        row.leadStatus,
        row.claimedByName,
        localTimeOf(row.claimedAt, timeZone),
        localTimeOf(row.doneAt, timeZone),
        row.isTest ? 'yes' : '',
        row.pageUrl,
        row.outcome,
        row.outcomeValue,
        row.outcomeReason,
        row.outcomeNote,
        row.trafficSource,
        row.referrer,
        row.campaign,
        ...fields.map((field) => data[field]),
      ]);
    }
    if (rows.length < BATCH) return;
    before = rows.at(-1)!.seq;
  }
}
