import { sql } from 'drizzle-orm';
import type { LeadState } from '@leadbell/shared/leads';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../http/app-error.ts';
import { isUuid } from '../../http/ids.ts';
import { wakeDeliveryWorkers } from '../../jobs/wake-delivery-workers.ts';
import { LEAD_EVENTS_CHANNEL, leadEventPayload } from '../events/notification-hub.ts';
import { findLeadState } from '../leads/lead-record.ts';
import { lockEntityLeads } from '../notifications/entity-leads-lock.ts';
import { getBillingStateOrThrow } from '../../lib/billing-state.ts';
import { queueWebhookEvent } from '../webhooks/queue-webhook-event.ts';

type LeadRef = { id: string; entityId: string; now: Date };

type LockedLead = {
  lead_status: LeadState['status'];
  is_test: boolean;
  is_held: boolean;
  created_at: Date;
  message_fingerprint: string | null;
  sender_fingerprint: string | null;
  response_target_seconds: number;
};

/**
 * The lead under its row lock, with its flow's response target; 404 when it is not the entity's.
 * A lead's status and the plan's count change together here: the entity's lock comes first.
 */
async function lockLead(tx: Database, { id, entityId }: LeadRef): Promise<LockedLead> {
  if (!isUuid(id)) throw new AppError('not_found', 'Lead not found.');
  await lockEntityLeads(tx, entityId);
  const { rows } = await tx.execute<LockedLead>(sql`
    select n.lead_status, n.is_test, n.is_held, n.created_at, n.message_fingerprint, n.sender_fingerprint,
           f.response_target_minutes * 60 as response_target_seconds
      from notifications n join flows f on f.id = n.flow_id
     where n.id = ${id} and n.entity_id = ${entityId} and n.deleted_at is null
       for update of n`);
  if (!rows[0]) throw new AppError('not_found', 'Lead not found.');
  return rows[0];
}

/** Remembers the team's word on the lead's message and sender (hashes only), replacing an earlier one. */
async function remember(
  tx: Database,
  entityId: string,
  fingerprints: Array<string | null>,
  verdict: 'spam' | 'not_spam',
) {
  const known = fingerprints.filter((fingerprint): fingerprint is string => fingerprint !== null);
  if (known.length === 0) return;
  await tx.execute(sql`
    insert into spam_marks (entity_id, fingerprint, verdict)
    select ${entityId}, fingerprint, ${verdict} from unnest(${sql.param(known)}::text[]) as fingerprint
    on conflict (entity_id, fingerprint) do update set verdict = excluded.verdict, marked_at = now()`);
}

/**
 * What the team's word on the lead teaches its business (32-spam-verdict.sql, issue 46): its
 * language, learned as a genuine lead's when it settled open, is unlearned by "Spam" and learned
 * by "Not spam"; its pairs of words count toward spam or not in the business's own content model.
 */
async function learnFromMark(tx: Database, id: string, isSpam: boolean) {
  await tx.execute(sql`select leadbell_learn_from_mark(${id}, ${isSpam})`);
}

async function announce(tx: Database, { id, entityId }: LeadRef): Promise<LeadState> {
  await tx.execute(sql`select pg_notify(${LEAD_EVENTS_CHANNEL}, ${leadEventPayload(entityId, id)})`);
  return (await findLeadState(tx, entityId, id))!;
}

/**
 * "Spam" on any lead (decision 039): it moves to the quarantine, stops escalating, leaves the
 * insights, gives its count against the plan back, and its sender and message are remembered, so
 * their later leads are quarantined too. Whoever held it no longer does.
 */
export async function markLeadSpam(db: Database, lead: LeadRef): Promise<LeadState> {
  return db.transaction(async (tx) => {
    const current = await lockLead(tx, lead);
    if (current.lead_status !== 'spam') {
      await tx.execute(sql`
        update notifications
           set lead_status = 'spam', claimed_by = null, claimed_at = null, done_by = null, done_at = null,
               response_started_at = null, response_target_seconds = null,
               spam_reasons = coalesce(spam_reasons, '[]') || '[{"code": "marked_by_team", "points": 10}]'
         where id = ${lead.id}`);
      await tx.execute(sql`delete from lead_escalations where notification_id = ${lead.id}`);
      // Nothing more rings about it. What was never tried (a push or text behind a backlog) goes,
      // so that "Not spam" and "ring" can still ring a lead that never rang; a retry still
      // waiting fails. A send under way (leased, decision 067) has left already, and is recorded
      // as it ends.
      await tx.execute(sql`
        with waiting as (
          select id, attempts from deliveries
           where notification_id = ${lead.id} and status = 'pending'
             and (leased_until is null or leased_until <= now())
        ), never_tried as (
          delete from deliveries d using waiting w where d.id = w.id and w.attempts = 0
        )
        update deliveries d set status = 'failed', last_error = 'marked as spam', updated_at = now()
          from waiting w where d.id = w.id and w.attempts > 0`);
      if (!current.is_test && !current.is_held) {
        // The billing month it was counted in is the latest that began before it arrived.
        await tx.execute(sql`
          update entity_usage set notification_count = greatest(notification_count - 1, 0)
           where entity_id = ${lead.entityId}
             and period_start = (select max(period_start) from entity_usage
                                  where entity_id = ${lead.entityId} and period_start <= ${current.created_at})`);
      }
      await learnFromMark(tx, lead.id, true);
      await remember(tx, lead.entityId, [current.message_fingerprint, current.sender_fingerprint], 'spam');
      await queueWebhookEvent(tx, { entityId: lead.entityId, type: 'lead.spam', leadId: lead.id, at: lead.now });
    }
    return announce(tx, lead);
  });
}

/**
 * "Not spam" on a quarantined lead: it is an open lead from now, its response timer starts and it
 * counts against this month's plan (a held one when a larger plan releases it); its sender is trusted from now on (and its message no longer
 * marked). It rings nobody until someone asks (ringLead): it may be days old.
 */
export async function markLeadNotSpam(db: Database, lead: LeadRef): Promise<LeadState> {
  return db.transaction(async (tx) => {
    const current = await lockLead(tx, lead);
    if (current.lead_status === 'spam') {
      const billing = await getBillingStateOrThrow(tx, lead.entityId, lead.now);
      await tx.execute(sql`
        update notifications
           set lead_status = 'open', response_started_at = ${lead.now}, is_after_hours = false,
               response_target_seconds = ${current.response_target_seconds}
         where id = ${lead.id}`);
      await tx.execute(sql`
        insert into lead_escalations (notification_id, stage, due_at)
        values (${lead.id}, 1, ${lead.now}::timestamptz + make_interval(secs => ${current.response_target_seconds}))
        on conflict do nothing`);
      // A held lead stays held, uncounted, until a larger plan releases and counts it.
      if (!current.is_test && !current.is_held)
        await tx.execute(sql`
          insert into entity_usage as usage (entity_id, period_start, notification_count)
          values (${lead.entityId}, ${billing.period.start}, 1)
          on conflict (entity_id, period_start) do update set notification_count = usage.notification_count + 1`);
      await tx.execute(sql`
        delete from spam_marks where entity_id = ${lead.entityId} and fingerprint = ${current.message_fingerprint}`);
      await remember(tx, lead.entityId, [current.sender_fingerprint], 'not_spam');
      await learnFromMark(tx, lead.id, false);
    }
    return announce(tx, lead);
  });
}

/**
 * Rings the team for an open lead that never rang (one taken out of the quarantine): its
 * deliveries are queued as any lead's are. A lead that already rang, is not open, or is held (past
 * the plan's limit: a larger plan rings it) is left as it is.
 */
export async function ringLead(db: Database, lead: LeadRef): Promise<LeadState> {
  return db.transaction(async (tx) => {
    const current = await lockLead(tx, lead);
    const { rows } = await tx.execute(sql`select from deliveries where notification_id = ${lead.id} limit 1`);
    if (current.lead_status === 'open' && !current.is_held && rows.length === 0) {
      // Due now, for any worker (decision 067), which hears of them at the commit.
      await tx.execute(sql`select from leadbell_queue_deliveries(array[${lead.id}]::uuid[], '{}', null)`);
      await wakeDeliveryWorkers(tx);
    }
    return (await findLeadState(tx, lead.entityId, lead.id))!;
  });
}
