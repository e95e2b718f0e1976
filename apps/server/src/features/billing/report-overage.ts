import type { FastifyBaseLogger } from 'fastify';
import { and, asc, eq, inArray, isNull, max, sql } from 'drizzle-orm';
import { overageOf } from '@leadbell/shared/billing';
import { getPlan } from '@leadbell/shared/plans';
import type { Database } from '../../db/client.ts';
import { billingAccounts, billingMeterReports } from '../../db/schema/billing.ts';
import { entities } from '../../db/schema/entities.ts';
import { billingColumns, billingStateOf } from '../../lib/billing-state.ts';
import { LIVE_SUBSCRIPTION_STATUSES, type BillingConfig } from './billing-config.ts';

type Report = typeof billingMeterReports.$inferSelect;

/** Sends one step to Stripe's meter; its identifier makes a resend (after a crash or a lost answer) a no-op there. */
async function send(db: Database, billing: BillingConfig, report: Report): Promise<void> {
  await billing.stripe.billing.meterEvents.create(
    {
      event_name: billing.meterEventName,
      identifier: report.identifier,
      timestamp: Math.floor(report.createdAt.getTime() / 1000),
      payload: { stripe_customer_id: report.stripeCustomerId, value: String(report.toCount - report.fromCount) },
    },
    { idempotencyKey: report.identifier },
  );
  await db
    .update(billingMeterReports)
    .set({ sentAt: sql`now()` })
    .where(eq(billingMeterReports.identifier, report.identifier));
}

/** The month's count that bills: leads still waiting for their spam verdict wait (22-usage.sql). */
async function billableCount(db: Database, entityId: string, periodStart: Date): Promise<number> {
  const { rows } = await db.execute<{ count: number }>(
    sql`select leadbell_billable_count(${entityId}::uuid, ${periodStart}::timestamptz) as count`,
  );
  return rows[0]!.count;
}

/** Writes the next step (overage reported so far → now) before it is sent; null when nothing is new or another process wrote it. */
async function nextStep(
  db: Database,
  {
    entityId,
    customerId,
    periodStart,
    overage,
  }: { entityId: string; customerId: string; periodStart: Date; overage: number },
): Promise<Report | null> {
  const [reported] = await db
    .select({ toCount: max(billingMeterReports.toCount) })
    .from(billingMeterReports)
    .where(and(eq(billingMeterReports.entityId, entityId), eq(billingMeterReports.periodStart, periodStart)));
  const fromCount = reported?.toCount ?? 0;
  if (overage <= fromCount) return null;
  const [step] = await db
    .insert(billingMeterReports)
    .values({
      identifier: `leadbell-${entityId}-${periodStart.getTime()}-${fromCount}-${overage}`,
      entityId,
      periodStart,
      fromCount,
      toCount: overage,
      stripeCustomerId: customerId,
    })
    .onConflictDoNothing()
    .returning();
  return step ?? null;
}

/**
 * Reports each subscribed entity's overage (notifications beyond its plan's included volume this
 * billing month; test and spam leads are never in the count, nor a lead still waiting for its spam
 * verdict) to Stripe's meter as running counts.
 * Each step is written before it is sent and marked after, so steps left unsent by a crash or a
 * failed call are resent first with the same identifier (Stripe keeps one event per identifier):
 * no unit is reported twice or lost. Runs from the worker's timer, never on the ingestion path.
 */
export async function reportOverage(
  db: Database,
  billing: BillingConfig,
  { now, log }: { now: Date; log: FastifyBaseLogger },
): Promise<number> {
  const unsent = await db
    .select()
    .from(billingMeterReports)
    .where(isNull(billingMeterReports.sentAt))
    .orderBy(asc(billingMeterReports.createdAt));
  let units = 0;
  for (const report of unsent) {
    await send(db, billing, report);
    units += report.toCount - report.fromCount;
  }
  const subscribed = await db
    .select({ entityId: entities.id, customerId: billingAccounts.stripeCustomerId, ...billingColumns })
    .from(billingAccounts)
    .innerJoin(entities, eq(entities.id, billingAccounts.entityId))
    .where(inArray(billingAccounts.subscriptionStatus, [...LIVE_SUBSCRIPTION_STATUSES]));
  for (const row of subscribed) {
    if (!row.plan || !row.planSelectedAt) continue;
    const state = billingStateOf(row, now);
    if (getPlan(state.plan).overageUsd === null) continue;
    const overage = overageOf(state.plan, await billableCount(db, row.entityId, state.period.start)).count;
    const step = await nextStep(db, {
      entityId: row.entityId,
      customerId: row.customerId,
      periodStart: state.period.start,
      overage,
    });
    if (!step) continue;
    await send(db, billing, step);
    units += step.toCount - step.fromCount;
  }
  if (units > 0) log.info({ units }, `reported ${units} overage notifications to Stripe's meter`);
  return units;
}
