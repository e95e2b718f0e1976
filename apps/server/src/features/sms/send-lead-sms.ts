import { and, eq, inArray, sql } from 'drizzle-orm';
import { getPlan } from '@leadbell/shared/plans';
import type { Database } from '../../db/client.ts';
import { entities } from '../../db/schema/entities.ts';
import { flows } from '../../db/schema/flows.ts';
import { memberPhones } from '../../db/schema/sms.ts';
import { entityAlerts } from '../../db/schema/usage.ts';
import type { DeliveryQueue } from '../../jobs/delivery-queue.ts';
import { wakeDeliveryWorkers } from '../../jobs/wake-delivery-workers.ts';
import type { Clock } from '../../lib/clock.ts';
import { takeAllowancesUpTo } from '../allowances/take-allowances.ts';
import type { AttemptOutcome } from '../deliveries/attempt-outcome.ts';
import { billingColumns, billingStateOf } from '../../lib/billing-state.ts';
import { installationSmsAllowance } from './sms-allowances.ts';
import type { SmsProvider, SmsSendResult } from './sms-provider.ts';
import { sendTrackedTexts, type TrackedText } from './send-tracked-texts.ts';
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
  /** In the member's quiet hours now (quietDeliveryIdsAt): a call or text cannot ring silently. */
  isQuiet: boolean;
};

/** A delivery that passed every check, with what its text needs. */
type Text = { index: number; delivery: LeadSmsDelivery; userId: string; phone: string; flowName: string | null };

function notSent(error: string): AttemptOutcome {
  return { kind: 'failed', error, statusCode: null, durationMs: 0 };
}

/**
 * The entity's billing columns, its members' verified numbers and the flows' names, in one read
 * for all of a lead's texts. The join multiplies phones by flows: one flow per lead in practice.
 */
async function readRecipients(
  db: Database,
  entityId: string,
  { userIds, flowIds }: { userIds: string[]; flowIds: string[] },
) {
  const rows = await db
    .select({
      userId: memberPhones.userId,
      phone: memberPhones.phone,
      flowId: flows.id,
      flowName: flows.name,
      ...billingColumns,
    })
    .from(entities)
    .leftJoin(memberPhones, inArray(memberPhones.userId, userIds))
    .leftJoin(flows, and(inArray(flows.id, flowIds), eq(flows.entityId, entities.id)))
    .where(eq(entities.id, entityId));
  const phones = new Map<string, string>();
  const flowNames = new Map<string, string>();
  for (const row of rows) {
    if (row.userId && row.phone) phones.set(row.userId, row.phone);
    if (row.flowId && row.flowName) flowNames.set(row.flowId, row.flowName);
  }
  return { billing: rows[0] ?? null, phones, flowNames };
}

/**
 * Takes up to `wanted` texts from the entity's allowance for this billing month and answers how
 * many it got, `min(wanted, allowance - sent)`, never past the allowance under concurrency. A
 * plain upsert cannot tell how many it added once capped (before PostgreSQL 18, RETURNING sees
 * only the new count, and the test server runs 15), so one statement covers both cases: the
 * month's first texts create the row with their grant; later ones lock the row (`for update`
 * reads its latest committed count) and add the grant computed from that count.
 */
async function takeFromAllowance(
  db: Database,
  {
    entityId,
    periodStart,
    allowance,
    wanted,
  }: { entityId: string; periodStart: Date; allowance: number; wanted: number },
): Promise<number> {
  if (allowance <= 0) return 0;
  const period = periodStart.toISOString();
  const take = () =>
    db.execute<{ granted: number }>(sql`
      with created as (
        insert into entity_sms_usage (entity_id, period_start, sent_count)
        values (${entityId}, ${period}, least(${wanted}::int, ${allowance}::int))
        on conflict (entity_id, period_start) do nothing
        returning sent_count as granted
      ), locked as (
        select sent_count from entity_sms_usage
         where entity_id = ${entityId} and period_start = ${period}
           for update
      ), taken as (
        update entity_sms_usage as usage
           set sent_count = usage.sent_count + least(${wanted}::int, ${allowance}::int - locked.sent_count)
          from locked
         where usage.entity_id = ${entityId} and usage.period_start = ${period}
           and locked.sent_count < ${allowance}::int
        returning least(${wanted}::int, ${allowance}::int - locked.sent_count) as granted
      )
      select granted from created
      union all select granted from taken
      union all select 0 from locked where sent_count >= ${allowance}::int`);
  const [first] = (await take()).rows;
  if (first) return first.granted;
  // No row at all: another call created the month's row after this statement's snapshot, so the
  // insert gave way to it while the lock could not see it yet. Run again, now that it is visible.
  const [retried] = (await take()).rows;
  return retried?.granted ?? 0;
}

async function giveBackToAllowance(db: Database, entityId: string, periodStart: Date, count: number) {
  if (count === 0) return;
  await db.execute(sql`
    update entity_sms_usage set sent_count = greatest(sent_count - ${count}::int, 0)
     where entity_id = ${entityId} and period_start = ${periodStart.toISOString()}`);
}

/**
 * Tells the admins once per billing month that texts (or calls, issue 50) stopped: an
 * `entity-alert` job, like usage alerts.
 */
export async function alertAllowanceUsedUp(
  db: Database,
  queue: DeliveryQueue,
  entityId: string,
  periodStart: Date,
  kind: 'sms_allowance' | 'call_allowance' = 'sms_allowance',
) {
  await db.transaction(async (tx) => {
    const raised = await tx
      .insert(entityAlerts)
      .values({ entityId, periodStart, kind })
      .onConflictDoNothing()
      .returning({ entityId: entityAlerts.entityId });
    if (raised.length === 0) return;
    await queue.enqueue(tx, [
      {
        payload: { kind: 'entity-alert', entityId, periodStart: periodStart.toISOString(), alert: kind },
      },
    ]);
    await wakeDeliveryWorkers(tx);
  });
}

/** Twilio's 429 and 5xx are retried; no answer is not, since the text may have gone out. */
function outcomeOfRefusedSend(result: Extract<SmsSendResult, { ok: false }>, durationMs: number): AttemptOutcome {
  const error = `Twilio: ${result.error}${result.providerCode ? ` (error ${result.providerCode})` : ''}`;
  const isPassing = result.status === 429 || (result.status !== null && result.status >= 500);
  return isPassing
    ? { kind: 'retry', error, statusCode: result.status, durationMs }
    : { kind: 'failed', error, statusCode: result.status, durationMs };
}

/** A granted text as sendTrackedTexts takes it: the member's number, the lead's short message, its delivery. */
function trackedTextOf(publicUrl: string, entityId: string, { delivery, userId, phone, flowName }: Text): TrackedText {
  return {
    to: phone,
    body: smsLeadMessage({
      title: delivery.title,
      flowName,
      leadUrl: `${publicUrl}/leads/${delivery.notificationId}`,
      unansweredMinutes:
        delivery.purpose === 'escalation' ? Math.round((delivery.responseTargetSeconds ?? 0) / 60) : null,
    }),
    userId,
    entityId,
    purpose: delivery.purpose,
    deliveryId: delivery.deliveryId,
  };
}

/** One entity's texts: one read, one take from each allowance, the texts' two writes, at most one give-back each. */
async function sendEntityTexts(
  { db, queue, sms, publicUrl, clock }: LeadSmsDependencies & { sms: SmsProvider },
  entityId: string,
  deliveries: LeadSmsDelivery[],
): Promise<AttemptOutcome[]> {
  const now = clock.now();
  const outcomes = new Array<AttemptOutcome>(deliveries.length);
  const reachable: { index: number; delivery: LeadSmsDelivery; userId: string }[] = [];
  deliveries.forEach((delivery, index) => {
    if (!delivery.userId) outcomes[index] = notSent('Member removed');
    else if (delivery.isQuiet) outcomes[index] = notSent('Not texted: the member’s quiet hours');
    else reachable.push({ index, delivery, userId: delivery.userId });
  });
  if (reachable.length === 0) return outcomes;

  const { billing, phones, flowNames } = await readRecipients(db, entityId, {
    userIds: [...new Set(reachable.map(({ userId }) => userId))],
    flowIds: [...new Set(reachable.map(({ delivery }) => delivery.flowId))],
  });
  const texts: Text[] = [];
  for (const recipient of reachable) {
    const phone = phones.get(recipient.userId);
    if (!phone) outcomes[recipient.index] = notSent('No verified mobile number');
    else if (!billing?.plan || !billing.planSelectedAt) outcomes[recipient.index] = notSent('No plan');
    else texts.push({ ...recipient, phone, flowName: flowNames.get(recipient.delivery.flowId) ?? null });
  }
  if (!billing || texts.length === 0) return outcomes;

  const { plan, period } = billingStateOf(billing, now);
  const allowance = getPlan(plan).includedSms;
  const granted = await takeFromAllowance(db, {
    entityId,
    periodStart: period.start,
    allowance,
    wanted: texts.length,
  });
  if (granted < texts.length) {
    for (const { index } of texts.slice(granted)) {
      outcomes[index] = notSent(`Not texted: the plan’s ${allowance} text messages this month are used up`);
    }
    await alertAllowanceUsedUp(db, queue, entityId, period.start);
  }
  // The installation's hourly ceiling (issue 47) comes after the plan's: what it refuses goes back
  // to the plan's month, and the deliveries say why.
  const ceiling = await takeAllowancesUpTo(db, [installationSmsAllowance(sms.limits)], granted);
  for (const { index } of texts.slice(ceiling.granted, granted))
    outcomes[index] = notSent('Not texted: Leadbell sent as many text messages as it may this hour');

  const grantedTexts = texts.slice(0, ceiling.granted);
  const started = performance.now();
  const results = await sendTrackedTexts(
    db,
    sms,
    grantedTexts.map((text) => trackedTextOf(publicUrl, entityId, text)),
    now,
  );
  const durationMs = Math.round(performance.now() - started);
  results.forEach((result, position) => {
    outcomes[grantedTexts[position]!.index] = result.ok
      ? { kind: 'delivered', statusCode: 201, durationMs }
      : outcomeOfRefusedSend(result, durationMs);
  });
  const sentCount = results.filter((result) => result.ok).length;
  await Promise.all([
    giveBackToAllowance(db, entityId, period.start, granted - sentCount),
    ceiling.giveBack(results.length - sentCount),
  ]);
  return outcomes;
}

/**
 * Attempts at a lead's text messages to its members (decision 053), one outcome per delivery in
 * the given order: to each member's verified number, never in their quiet hours (a text cannot
 * ring silently), within the plan's monthly allowance and the installation's hourly ceiling. All
 * of a lead's texts share one read, one take from each allowance, one give-back each and their
 * rows' two writes (sendTrackedTexts), so a team's texts cost the database a fixed handful of
 * statements rather than a handful each beside the pushes. The texts granted first, in the given
 * order, go out; the rest are refused.
 */
export async function sendLeadTexts(
  deps: LeadSmsDependencies,
  deliveries: LeadSmsDelivery[],
): Promise<AttemptOutcome[]> {
  const { sms } = deps;
  if (!sms) return deliveries.map(() => notSent('Text messages are off on this server'));
  const byEntity = new Map<string, number[]>();
  deliveries.forEach((delivery, index) => {
    byEntity.set(delivery.entityId, [...(byEntity.get(delivery.entityId) ?? []), index]);
  });
  const outcomes = new Array<AttemptOutcome>(deliveries.length);
  await Promise.all(
    [...byEntity].map(async ([entityId, indexes]) => {
      const entityOutcomes = await sendEntityTexts(
        { ...deps, sms },
        entityId,
        indexes.map((index) => deliveries[index]!),
      );
      indexes.forEach((index, position) => (outcomes[index] = entityOutcomes[position]!));
    }),
  );
  return outcomes;
}
