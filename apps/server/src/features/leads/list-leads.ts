import { and, desc, eq, lt, ne, sql, type SQL } from 'drizzle-orm';
import type { LeadListQuery, LeadPage } from '@leadbell/shared/leads';
import type { Database } from '../../db/client.ts';
import { notifications } from '../../db/schema/notifications.ts';
import { summarizeDeliveries } from '../deliveries/summarize-deliveries.ts';
import { selectLeads, toLead } from './lead-record.ts';

/** `%`, `_` and `\` are LIKE's own: a search for "50%" means the characters. */
function likePattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

/** The filters of the inbox (and its export) as one where clause; the entity always. */
export function leadFilterOf(
  entityId: string,
  viewerId: string,
  { filter, status, flowId, q }: Pick<LeadListQuery, 'filter' | 'status' | 'flowId' | 'q'>,
): SQL {
  return and(
    eq(notifications.entityId, entityId),
    status ? eq(notifications.leadStatus, status) : undefined,
    filter === 'open' ? eq(notifications.leadStatus, 'open') : undefined,
    // Quarantined leads show under Spam only (decision 039), unless asked for by their status.
    filter === 'all' && !status ? ne(notifications.leadStatus, 'spam') : undefined,
    filter === 'spam' ? eq(notifications.leadStatus, 'spam') : undefined,
    filter === 'done' ? eq(notifications.leadStatus, 'done') : undefined,
    filter === 'mine' ? and(eq(notifications.leadStatus, 'claimed'), eq(notifications.claimedBy, viewerId)) : undefined,
    flowId ? eq(notifications.flowId, flowId) : undefined,
    // A lead is searchable once the worker took it in (lead_search, decision 038): milliseconds.
    q
      ? sql`exists (select from lead_search s where s.notification_id = ${notifications.id} and s.search_text like ${likePattern(q)})`
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
