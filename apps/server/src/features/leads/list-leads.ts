import { and, desc, eq, inArray, isNull, lt, ne, sql, type SQL } from 'drizzle-orm';
import type { LeadListQuery, LeadPage } from '@leadbell/shared/leads';
import type { Database } from '../../db/client.ts';
import { notifications } from '../../db/schema/notifications.ts';
import { summarizeDeliveries } from '../deliveries/summarize-deliveries.ts';
import { selectLeads, toLead } from './lead-record.ts';
import { searchDigitsOf } from './search-digits-of.ts';

/**
 * Where a search looks in lead_search. A phone number (searchDigitsOf) is matched inside the
 * digits of the lead's numbers; anything else inside its text, folded as the worker folds it
 * (leadbell_search_fold, in SQL so both sides fold alike: "EMILIE" finds "Émilie"). `%`, `_` and `\`
 * are LIKE's own, so a search for "50%" means the characters; they are escaped after folding
 * because unaccent makes "%" of a fullwidth "％". Either way the column's trigram index serves it.
 */
export function searchMatchOf(q: string): SQL {
  const digits = searchDigitsOf(q);
  if (digits !== null) return sql`s.search_digits like ${`%${digits}%`}`;
  return sql`s.search_text like '%' || replace(replace(replace(leadbell_search_fold(${q}), '\\', '\\\\'), '%', '\\%'), '_', '\\_') || '%'`;
}

/** The filters of the inbox (and its export) as one where clause; the entity always, never a deleted lead. */
export function leadFilterOf(
  entityId: string,
  viewerId: string,
  {
    filter,
    status,
    flowId,
    outcome,
    source,
    q,
  }: Pick<LeadListQuery, 'filter' | 'status' | 'flowId' | 'outcome' | 'source' | 'q'>,
): SQL {
  return and(
    eq(notifications.entityId, entityId),
    isNull(notifications.deletedAt),
    status ? eq(notifications.leadStatus, status) : undefined,
    filter === 'open' ? and(eq(notifications.leadStatus, 'open'), eq(notifications.isTest, false)) : undefined,
    filter === 'tests'
      ? and(inArray(notifications.leadStatus, ['open', 'claimed']), eq(notifications.isTest, true))
      : undefined,
    // Quarantined leads show under Spam only (decision 039), unless asked for by their status.
    filter === 'all' && !status ? ne(notifications.leadStatus, 'spam') : undefined,
    filter === 'spam' ? eq(notifications.leadStatus, 'spam') : undefined,
    filter === 'done' ? eq(notifications.leadStatus, 'done') : undefined,
    filter === 'mine'
      ? and(
          eq(notifications.leadStatus, 'claimed'),
          eq(notifications.claimedBy, viewerId),
          eq(notifications.isTest, false),
        )
      : undefined,
    flowId ? eq(notifications.flowId, flowId) : undefined,
    outcome === 'none' ? isNull(notifications.outcome) : outcome ? eq(notifications.outcome, outcome) : undefined,
    source ? eq(notifications.trafficSource, source) : undefined,
    // A lead is searchable once the worker took it in (lead_search, decision 038): milliseconds.
    q
      ? sql`exists (select from lead_search s where s.notification_id = ${notifications.id} and ${searchMatchOf(q)})`
      : undefined,
  )!;
}

/**
 * One page of the inbox, newest first (decision 024). Keyset on `seq` along the index that fits
 * the filter, so the first page costs the same on 10 leads as on 100,000; a search reads
 * lead_search's trigram index.
 */
export async function listLeads(
  db: Database,
  { entityId, viewerId, ...query }: LeadListQuery & { entityId: string; viewerId: string },
): Promise<LeadPage> {
  const rows = await selectLeads(
    db,
    viewerId,
    and(
      leadFilterOf(entityId, viewerId, query),
      query.cursor ? lt(notifications.seq, Number(query.cursor)) : undefined,
    ),
  )
    .orderBy(desc(notifications.seq))
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  const summaries = await summarizeDeliveries(
    db,
    page.map((row) => row.id),
  );
  return {
    data: page.map((row) => toLead(row, summaries.get(row.id)!)),
    nextCursor: rows.length > query.limit ? String(page.at(-1)!.seq) : null,
  };
}
