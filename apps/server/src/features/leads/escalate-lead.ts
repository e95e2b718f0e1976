import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { notifications } from '../../db/schema/notifications.ts';
import type { EscalationPayload } from '../../jobs/escalation.job.ts';
import { wakeDeliveryWorkers } from '../../jobs/wake-delivery-workers.ts';
import { recordLeadEvent } from './record-lead-event.ts';

/**
 * Escalates a lead nobody claimed (decision 025), once per stage: under the lead's row lock it
 * does nothing unless the lead is still open and the stage has not run, so a claim that commits
 * first cancels it and a job that runs twice escalates once. Stage 1 rings the devices of every
 * member not away (leadbell_members_rung) again; stage 2 emails every member. Its deliveries commit with the stage, due at once for any
 * worker (decision 067).
 */
export async function escalateLead(
  db: Database,
  { notificationId, stage }: Pick<EscalationPayload, 'notificationId' | 'stage'>,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [lead] = await tx
      .select({
        entityId: notifications.entityId,
        status: notifications.leadStatus,
        stage: notifications.escalationStage,
        deletedAt: notifications.deletedAt,
      })
      .from(notifications)
      .where(eq(notifications.id, notificationId))
      .for('update');
    // A deleted lead's escalation row is gone, unless the worker wrote it after the deletion.
    if (!lead || lead.status !== 'open' || lead.deletedAt !== null || lead.stage >= stage) return false;
    await tx.update(notifications).set({ escalationStage: stage }).where(eq(notifications.id, notificationId));
    // Stage 1: every device of every member rung; stage 2: every member's mailbox.
    const { rows: targets } = await tx.execute<{ id: string }>(
      stage === 1
        ? sql`
          insert into deliveries (notification_id, entity_id, channel, subscription_id, user_id, purpose)
          select ${notificationId}, ${lead.entityId}, 'push', s.id, u.id, 'escalation'
            from push_subscriptions s join users u on u.id = s.user_id and u.entity_id = s.entity_id
           where u.entity_id = ${lead.entityId}
             and u.id in (select m.user_id from leadbell_members_rung(${lead.entityId}) m)
          returning id`
        : sql`
          insert into deliveries (notification_id, entity_id, channel, user_id, purpose)
          select ${notificationId}, ${lead.entityId}, 'email', u.id, 'escalation'
            from users u where u.entity_id = ${lead.entityId}
          on conflict do nothing
          returning id`,
    );
    // Stage 1 also texts, and calls, every member who chose texts or calls for escalations (or every
    // lead) and has a verified number (decision 053, issue 50).
    const { rows: texts } =
      stage === 1
        ? await tx.execute<{ id: string }>(sql`
          insert into deliveries (notification_id, entity_id, channel, user_id, purpose)
          select ${notificationId}::uuid, ${lead.entityId}::uuid, 'sms', u.id, 'escalation'
            from users u
            join delivery_preferences p on p.user_id = u.id and p.sms in ('escalations', 'all')
            join member_phones m on m.user_id = u.id and m.phone is not null
           where u.entity_id = ${lead.entityId}
             and u.id in (select r.user_id from leadbell_members_rung(${lead.entityId}) r)
          union all
          select ${notificationId}::uuid, ${lead.entityId}::uuid, 'voice', u.id, 'escalation'
            from users u
            join delivery_preferences p on p.user_id = u.id and p.voice in ('escalations', 'all')
            join member_phones m on m.user_id = u.id and m.phone is not null
           where u.entity_id = ${lead.entityId}
             and u.id in (select r.user_id from leadbell_members_rung(${lead.entityId}) r)
          returning id`)
        : { rows: [] };
    await recordLeadEvent(tx, { entityId: lead.entityId, notificationId, kind: 'escalated', userId: null });
    if (targets.length + texts.length > 0) await wakeDeliveryWorkers(tx);
    return true;
  });
}
