import { inArray } from 'drizzle-orm';
import type { DeliveryEvent } from '@leadbell/shared/notifications';
import type { Database } from '../../db/client.ts';
import { notifications } from '../../db/schema/notifications.ts';
import { summarizeDeliveries } from '../deliveries/summarize-deliveries.ts';

/**
 * Where each notification's deliveries stand now, for the live streams of its entity, in two
 * statements for any number; one that is gone, or not the entity named for it, is left out.
 */
export async function getDeliveryEvents(
  db: Database,
  entityOf: ReadonlyMap<string, string>,
): Promise<Array<{ entityId: string; event: DeliveryEvent }>> {
  if (entityOf.size === 0) return [];
  const rows = await db
    .select({ id: notifications.id, entityId: notifications.entityId, flowId: notifications.flowId })
    .from(notifications)
    .where(inArray(notifications.id, [...entityOf.keys()]));
  const found = rows.filter((row) => entityOf.get(row.id) === row.entityId);
  const summaries = await summarizeDeliveries(
    db,
    found.map((row) => row.id),
  );
  return found.map((row) => ({
    entityId: row.entityId,
    event: { notificationId: row.id, flowId: row.flowId, delivery: summaries.get(row.id)! },
  }));
}
