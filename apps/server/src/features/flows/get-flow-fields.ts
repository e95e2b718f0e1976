import { sql } from 'drizzle-orm';
import { FLOW_FIELDS_SAMPLE, type FlowFields } from '@leadbell/shared/flows';
import type { Database } from '../../db/client.ts';
import { getFlowOrThrow } from './get-flow.ts';

/**
 * The data field names the flow's latest notifications carried, most recently seen first: the
 * editor warns about placeholders none of them fills. Reads at most FLOW_FIELDS_SAMPLE rows from
 * the (flow_id, seq) index, whatever the flow's size.
 */
export async function getFlowFields(db: Database, entityId: string, flowId: string): Promise<FlowFields> {
  await getFlowOrThrow(db, entityId, flowId);
  const { rows } = await db.execute<{ name: string | null; last_seen_at: string | null; sample_size: number }>(sql`
    with latest as (
      select data, created_at from notifications
       where flow_id = ${flowId} and entity_id = ${entityId} and lead_status <> 'spam'
       order by seq desc
       limit ${FLOW_FIELDS_SAMPLE}
    )
    select field.name, to_json(max(latest.created_at)) #>> '{}' as last_seen_at,
           (select count(*)::int from latest) as sample_size
      from latest
      left join lateral jsonb_object_keys(case when jsonb_typeof(latest.data) = 'object' then latest.data end)
             as field (name) on true
     group by field.name
     order by max(latest.created_at) desc, field.name`);
  const sampleSize = rows[0]?.sample_size ?? 0;
  return {
    sampleSize,
    fields: rows
      .filter((row): row is typeof row & { name: string; last_seen_at: string } => row.name !== null)
      .map((row) => ({ name: row.name, lastSeenAt: new Date(row.last_seen_at).toISOString() })),
  };
}
