import { sql } from 'drizzle-orm';
import type { WebhookEventType } from '@leadbell/shared/webhooks';
import type { Database } from '../../db/client.ts';
import { wakeDeliveryWorkers } from '../../jobs/wake-delivery-workers.ts';
import { webhookLeadSnapshotSql } from './webhook-lead.ts';

/**
 * Queues `type` for every enabled endpoint of the entity subscribed to it (and to the lead's flow
 * when limited to one), inside the caller's transaction: a delivery row with the lead as it is now
 * and its first job (through job_outbox, as our SQL queues jobs), so the event exists exactly when
 * what caused it commits. One statement; an entity without such endpoints writes nothing.
 * `lead.created` is queued by the worker's intake instead (leadbell_take_outbox).
 */
export async function queueWebhookEvent(
  tx: Database,
  {
    entityId,
    type,
    leadId,
    at,
  }: { entityId: string; type: Exclude<WebhookEventType, 'lead.created'>; leadId: string; at: Date },
): Promise<void> {
  const { rows } = await tx.execute<{ queued: number }>(sql`
    with endpoints as (
      select e.id from webhook_endpoints e
       where e.entity_id = ${entityId} and e.is_enabled and ${type} = any (e.events)
         and (e.flow_id is null or e.flow_id = (select flow_id from notifications where id = ${leadId}))
    ), lead as (
      select ${webhookLeadSnapshotSql(entityId, leadId)} as snapshot where exists (select from endpoints)
    ), inserted as (
      insert into webhook_deliveries (endpoint_id, entity_id, notification_id, event_type, occurred_at, lead)
      select e.id, ${entityId}, ${leadId}, ${type}, ${at.toISOString()}::timestamptz, l.snapshot
        from endpoints e cross join lead l
       where l.snapshot is not null
      returning id
    ), jobs as (
      insert into job_outbox (data)
      select jsonb_build_object('kind', 'webhook', 'deliveryId', i.id, 'attempt', 0) from inserted i
    )
    select count(*)::int as queued from inserted`);
  if ((rows[0]?.queued ?? 0) > 0) await wakeDeliveryWorkers(tx);
}
