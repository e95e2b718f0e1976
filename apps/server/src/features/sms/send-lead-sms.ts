import { and, eq, sql } from 'drizzle-orm';
import { isQuietAt, type QuietHours } from '@leadbell/shared/business-hours';
import { getPlan } from '@leadbell/shared/plans';
import type { Database } from '../../db/client.ts';
import { entities } from '../../db/schema/entities.ts';
import { flows } from '../../db/schema/flows.ts';
import { memberPhones, smsMessages } from '../../db/schema/sms.ts';
import { entityAlerts } from '../../db/schema/usage.ts';
import { wakeDeliveryWorkers, type DeliveryQueue } from '../../jobs/delivery-queue.ts';
import type { Clock } from '../../lib/clock.ts';
import type { AttemptOutcome } from '../deliveries/attempt-outcome.ts';
import { billingColumns, billingStateOf } from '../usage/billing-state.ts';
import type { SmsProvider } from './sms-provider.ts';
import { smsLeadMessage } from './sms-lead-message.ts';

export type LeadSmsDependencies = {
  db: Database;
  queue: DeliveryQueue;
  sms: SmsProvider | null;
  publicUrl: string;
  clock: Clock;
};

/** What a lead's `sms` delivery needs from its row (the delivery targets' query). */
export type LeadSmsDelivery = {
  deliveryId: string;
  entityId: string;
  userId: string | null;
  notificationId: string;
  flowId: string;
  title: string;
  purpose: 'lead' | 'escalation';
  responseTargetSeconds: number | null;
  quietHours: QuietHours | null;
  timeZone: string;
};

function notSent(error: string): AttemptOutcome {
  return { kind: 'failed', error, statusCode: null, durationMs: 0 };
}

/**
 * Takes one text from the entity's allowance for this billing month; false when it is used up.
 * A conditional upsert, so concurrent deliveries never take more than the allowance.
 */
async function takeFromAllowance(db: Database, entityId: string, periodStart: Date, allowance: number) {
  if (allowance <= 0) return false;
  const { rows } = await db.execute(sql`
    insert into entity_sms_usage as usage (entity_id, period_start, sent_count)
    values (${entityId}, ${periodStart.toISOString()}, 1)
    on conflict (entity_id, period_start)
      do update set sent_count = usage.sent_count + 1 where usage.sent_count < ${allowance}
    returning sent_count`);
  return rows.length > 0;
}

async function giveBackToAllowance(db: Database, entityId: string, periodStart: Date) {
  await db.execute(sql`
    update entity_sms_usage set sent_count = greatest(sent_count - 1, 0)
     where entity_id = ${entityId} and period_start = ${periodStart.toISOString()}`);
}

/** Tells the admins once per billing month that texts stopped (an `entity-alert` job, like usage alerts). */
async function alertAllowanceUsedUp(db: Database, queue: DeliveryQueue, entityId: string, periodStart: Date) {
  await db.transaction(async (tx) => {
    const raised = await tx
      .insert(entityAlerts)
      .values({ entityId, periodStart, kind: 'sms_allowance' })
      .onConflictDoNothing()
      .returning({ entityId: entityAlerts.entityId });
    if (raised.length === 0) return;
    await queue.enqueue(tx, [
      {
        payload: { kind: 'entity-alert', entityId, periodStart: periodStart.toISOString(), alert: 'sms_allowance' },
      },
    ]);
    await wakeDeliveryWorkers(tx);
  });
}

/**
 * One attempt at a lead's text message to a member (decision 053): to their verified number,
 * never in their quiet hours (a text cannot ring silently), within the plan's monthly allowance.
 * Twilio's 429 and 5xx are retried; no answer is not, since the text may have gone out.
 */
export async function sendLeadSms(
  { db, queue, sms, publicUrl, clock }: LeadSmsDependencies,
  delivery: LeadSmsDelivery,
): Promise<AttemptOutcome> {
  if (!sms) return notSent('Text messages are off on this server');
  if (!delivery.userId) return notSent('Member removed');
  const now = clock.now();
  if (isQuietAt(delivery.quietHours, delivery.timeZone, now)) return notSent('Not texted: the member’s quiet hours');
  const [row] = await db
    .select({ phone: memberPhones.phone, flowName: flows.name, ...billingColumns })
    .from(entities)
    .leftJoin(memberPhones, eq(memberPhones.userId, delivery.userId))
    .leftJoin(flows, and(eq(flows.id, delivery.flowId), eq(flows.entityId, entities.id)))
    .where(eq(entities.id, delivery.entityId));
  if (!row?.phone) return notSent('No verified mobile number');
  if (!row.plan || !row.planSelectedAt) return notSent('No plan');
  const { plan, period } = billingStateOf(row, now);
  const allowance = getPlan(plan).includedSms;
  if (!(await takeFromAllowance(db, delivery.entityId, period.start, allowance))) {
    await alertAllowanceUsedUp(db, queue, delivery.entityId, period.start);
    return notSent(`Not texted: the plan’s ${allowance} text messages this month are used up`);
  }

  const started = performance.now();
  const result = await sms.send({
    to: row.phone,
    body: smsLeadMessage({
      title: delivery.title,
      flowName: row.flowName,
      leadUrl: `${publicUrl}/leads/${delivery.notificationId}`,
      unansweredMinutes:
        delivery.purpose === 'escalation' ? Math.round((delivery.responseTargetSeconds ?? 0) / 60) : null,
    }),
  });
  const durationMs = Math.round(performance.now() - started);
  if (!result.ok) {
    await giveBackToAllowance(db, delivery.entityId, period.start);
    const error = `Twilio: ${result.error}${result.providerCode ? ` (error ${result.providerCode})` : ''}`;
    const isPassing = result.status === 429 || (result.status !== null && result.status >= 500);
    return isPassing
      ? { kind: 'retry', error, statusCode: result.status, durationMs }
      : { kind: 'failed', error, statusCode: result.status, durationMs };
  }
  await db.insert(smsMessages).values({
    providerSid: result.providerSid,
    userId: delivery.userId,
    entityId: delivery.entityId,
    purpose: delivery.purpose,
    deliveryId: delivery.deliveryId,
    createdAt: now,
    updatedAt: now,
  });
  return { kind: 'delivered', statusCode: 201, durationMs };
}
