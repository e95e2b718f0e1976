import { sql } from 'drizzle-orm';
import type { LeadCounts } from '@leadbell/shared/leads';
import type { Database } from '../../db/client.ts';

/**
 * The inbox's tab counts from the entity's (entity, status, position) index: open leads (tests are
 * not customers waiting, so not counted), the viewer's, and the quarantine; deleted leads nowhere.
 */
export async function countLeads(db: Database, entityId: string, viewerId: string): Promise<LeadCounts> {
  const { rows } = await db.execute<LeadCounts>(sql`
    select count(*) filter (where lead_status = 'open' and not is_test)::int as open,
           count(*) filter (where lead_status = 'claimed' and claimed_by = ${viewerId})::int as mine,
           count(*) filter (where lead_status = 'spam')::int as spam
      from notifications
     where entity_id = ${entityId} and lead_status in ('open', 'claimed', 'spam') and deleted_at is null`);
  return rows[0]!;
}
