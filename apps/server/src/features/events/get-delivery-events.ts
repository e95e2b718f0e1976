import { sql } from 'drizzle-orm';
import type { DeliveryEvent } from '@leadbell/shared/notifications';
import type { Database } from '../../db/client.ts';
import { toDeliverySummary } from '../deliveries/summarize-deliveries.ts';

/**
 * Where each notification's deliveries stand now, for the live streams of its entity, in one
 * statement for any number; one that is gone, or not the entity named for it, is left out. One
 * call of leadbell_live_delivery_events (75-live-feed.sql), planned once per connection there:
 * every delivered lead runs it (issue 45).
 */
export function prepareDeliveryEvents(db: Database) {
  const read = db
    .select({
      id: sql<string>`event.id`,
      flowId: sql<string>`event.flow_id`,
      delivered: sql<number>`event.delivered`,
      failed: sql<number>`event.failed`,
      pending: sql<number>`event.pending`,
      reason: sql<string | null>`event.reason`,
    })
    .from(
      sql`leadbell_live_delivery_events(${sql.placeholder('ids')}::uuid[], ${sql.placeholder('entityIds')}::uuid[]) as event`,
    )
    .prepare('live_delivery_events');

  return async function getDeliveryEvents(
    entityOf: ReadonlyMap<string, string>,
  ): Promise<Array<{ entityId: string; event: DeliveryEvent }>> {
    if (entityOf.size === 0) return [];
    const rows = await read.execute({ ids: [...entityOf.keys()], entityIds: [...entityOf.values()] });
    return rows.map((row) => ({
      entityId: entityOf.get(row.id)!,
      event: { notificationId: row.id, flowId: row.flowId, delivery: toDeliverySummary(row) },
    }));
  };
}
