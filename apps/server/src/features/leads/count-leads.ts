import { sql } from 'drizzle-orm';
import type { LeadCounts, LeadFilter } from '@leadbell/shared/leads';
import type { Database } from '../../db/client.ts';
import { leadFilterOf } from './list-leads.ts';

/**
 * The inbox's tab counts, each through the filter its tab lists with (leadFilterOf), so a count
 * is always its list's length: open leads and the viewer's (tests are not customers waiting),
 * tests nobody closed, and the quarantine. Read from the entity's (entity, status, position) index.
 */
export async function countLeads(db: Database, entityId: string, viewerId: string): Promise<LeadCounts> {
  const countOf = (filter: LeadFilter) =>
    sql`count(*) filter (where ${leadFilterOf(entityId, viewerId, { filter, q: undefined })})::int`;
  const { rows } = await db.execute<LeadCounts>(sql`
    select ${countOf('open')} as open, ${countOf('mine')} as mine, ${countOf('tests')} as tests,
           ${countOf('spam')} as spam
      from notifications
     where entity_id = ${entityId} and lead_status in ('open', 'claimed', 'spam') and deleted_at is null`);
  return rows[0]!;
}
