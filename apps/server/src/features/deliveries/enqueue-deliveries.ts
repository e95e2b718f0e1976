import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { DELIVERY_JOBS_CHANNEL, type DeliveryQueue } from '../../jobs/delivery-queue.ts';

/**
 * Called inside the transaction that stores a notification: one `deliveries` row per push
 * subscription of the entity's users and one per user who wants email, and one queued job per
 * row, all committed (or rolled back) with the notification. Workers in every process wake when
 * it commits. An entity nobody listens to costs one query and queues nothing.
 */
export async function enqueueDeliveries(
  tx: Database,
  queue: DeliveryQueue,
  notification: { id: string; entityId: string },
): Promise<void> {
  // Joined on the user's current entity: a device of someone who left the entity gets nothing.
  // The NOTIFY rides on the same statement (one round trip less while the entity's lock is held)
  // and is sent only when there is something to deliver.
  const { rows } = await tx.execute<{ id: string }>(sql`
    with targets as (
      insert into deliveries (notification_id, entity_id, channel, subscription_id, user_id)
      select ${notification.id}::uuid, ${notification.entityId}::uuid, 'push', s.id, s.user_id
        from push_subscriptions s
        join users u on u.id = s.user_id and u.entity_id = s.entity_id
       where s.entity_id = ${notification.entityId}
      union all
      select ${notification.id}::uuid, ${notification.entityId}::uuid, 'email', null::uuid, u.id
        from users u
        join delivery_preferences p on p.user_id = u.id and p.email_notifications
       where u.entity_id = ${notification.entityId}
      returning id
    )
    select id, pg_notify(${DELIVERY_JOBS_CHANNEL}, '') from targets`);
  // The job id is the delivery id, so the first attempt can never be queued twice.
  await queue.enqueue(
    tx,
    rows.map((row) => ({ id: row.id, payload: { kind: 'delivery', deliveryId: row.id, attempt: 0 } })),
  );
}
