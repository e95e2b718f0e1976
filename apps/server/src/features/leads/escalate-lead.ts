import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { users } from '../../db/schema/auth.ts';
import { deliveries } from '../../db/schema/deliveries.ts';
import { pushSubscriptions } from '../../db/schema/devices.ts';
import { notifications } from '../../db/schema/notifications.ts';
import type { EscalationPayload } from '../../jobs/escalation.job.ts';
import { wakeDeliveryWorkers, type DeliveryQueue } from '../../jobs/delivery-queue.ts';
import { recordLeadEvent } from './record-lead-event.ts';

/**
 * Escalates a lead nobody claimed (decision 025), once per stage: under the lead's row lock it
 * does nothing unless the lead is still open and the stage has not run, so a claim that commits
 * first cancels it and a job that runs twice escalates once. Stage 1 rings every member's devices
 * again; stage 2 emails every member. The deliveries and their jobs commit with the stage.
 */
export async function escalateLead(
  db: Database,
  queue: DeliveryQueue,
  { notificationId, stage }: Pick<EscalationPayload, 'notificationId' | 'stage'>,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [lead] = await tx
      .select({
        entityId: notifications.entityId,
        status: notifications.leadStatus,
        stage: notifications.escalationStage,
      })
      .from(notifications)
      .where(eq(notifications.id, notificationId))
      .for('update');
    if (!lead || lead.status !== 'open' || lead.stage >= stage) return false;
    await tx.update(notifications).set({ escalationStage: stage }).where(eq(notifications.id, notificationId));
    const members = and(eq(users.entityId, lead.entityId));
    const targets =
      stage === 1
        ? await tx
            .insert(deliveries)
            .select(
              tx
                .select({
                  notificationId: sql`${notificationId}::uuid`.as('notification_id'),
                  entityId: sql`${lead.entityId}::uuid`.as('entity_id'),
                  channel: sql`'push'`.as('channel'),
                  subscriptionId: pushSubscriptions.id,
                  userId: users.id,
                  purpose: sql`'escalation'`.as('purpose'),
                })
                .from(pushSubscriptions)
                .innerJoin(
                  users,
                  and(eq(users.id, pushSubscriptions.userId), eq(users.entityId, pushSubscriptions.entityId)),
                )
                .where(members),
            )
            .returning({ id: deliveries.id })
        : await tx
            .insert(deliveries)
            .select(
              tx
                .select({
                  notificationId: sql`${notificationId}::uuid`.as('notification_id'),
                  entityId: sql`${lead.entityId}::uuid`.as('entity_id'),
                  channel: sql`'email'`.as('channel'),
                  subscriptionId: sql`null::uuid`.as('subscription_id'),
                  userId: users.id,
                  purpose: sql`'escalation'`.as('purpose'),
                })
                .from(users)
                .where(members),
            )
            .onConflictDoNothing()
            .returning({ id: deliveries.id });
    await recordLeadEvent(tx, { entityId: lead.entityId, notificationId, kind: 'escalated', userId: null });
    if (targets.length > 0) {
      await queue.enqueue(
        tx,
        targets.map(({ id }) => ({ id, payload: { kind: 'delivery' as const, deliveryId: id, attempt: 0 } })),
      );
      await wakeDeliveryWorkers(tx);
    }
    return true;
  });
}
