import { sql } from 'drizzle-orm';
import type { DeliveryEvent } from '@leadbell/shared/notifications';
import type { Database } from '../../db/client.ts';
import { notifications } from '../../db/schema/notifications.ts';
import { deliveryCountsOf, toDeliverySummary } from '../deliveries/summarize-deliveries.ts';

/**
 * Where each notification's deliveries stand now, for the live streams of its entity, in one
 * statement for any number; one that is gone, or not the entity named for it, is left out. Built
 * once and planned once per connection: every delivered lead runs it (issue 45).
 */
export function prepareDeliveryEvents(db: Database) {
  const counts = deliveryCountsOf(db, notifications.id);
  const read = db
    .select({
      id: notifications.id,
      flowId: notifications.flowId,
      delivered: counts.delivered,
      failed: counts.failed,
      pending: counts.pending,
      reason: counts.reason,
    })
    .from(
      sql`unnest(${sql.placeholder('ids')}::uuid[], ${sql.placeholder('entityIds')}::uuid[]) as asked(id, entity_id)`,
    )
    .innerJoin(notifications, sql`${notifications.id} = asked.id and ${notifications.entityId} = asked.entity_id`)
    .innerJoinLateral(counts, sql`true`)
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
