import { eq, sql } from 'drizzle-orm';
import { billingPeriodOf, planInForce } from '@leadbell/shared/billing';
import { getPlan, type PlanId } from '@leadbell/shared/plans';
import type { Database } from '../../db/client.ts';
import { entities } from '../../db/schema/entities.ts';
import type { ApiKeyCipher } from '../../lib/api-key-cipher.ts';
import { issueFirstApiKey } from '../api-keys/issue-api-key.ts';
import { lockEntityLeads } from '../notifications/entity-leads-lock.ts';
import { releaseHeldLeads } from '../notifications/release-held-leads.ts';
import { billingStateOf } from '../../lib/billing-state.ts';

function isLargerPlan(plan: PlanId, than: PlanId): boolean {
  return getPlan(plan).includedNotifications > getPlan(than).includedNotifications;
}

type Change = Pick<typeof entities.$inferInsert, 'plan' | 'planSelectedAt' | 'pendingPlan' | 'pendingPlanFrom'>;

/**
 * What Stripe's subscription means for the entity's plan, by the console's rules (decision 040): a
 * first plan starts its billing months; a larger plan starts at once; a smaller one waits for the
 * next billing month, unless `isEnded` (the subscription ended unpaid or was cancelled): then the
 * entity is on Starter at once. The plan in force while a cancellation waits stays as it is.
 */
function changeOf(
  row: typeof entities.$inferSelect,
  plan: PlanId,
  { isEnded, cancelAtPeriodEnd, now }: { isEnded: boolean; cancelAtPeriodEnd: boolean; now: Date },
): Change | null {
  if (!row.plan || !row.planSelectedAt) return { plan, planSelectedAt: now, pendingPlan: null, pendingPlanFrom: null };
  const inForce = planInForce(
    { plan: row.plan, pendingPlan: row.pendingPlan, pendingPlanFrom: row.pendingPlanFrom },
    now,
  );
  if (isEnded || isLargerPlan(plan, inForce.plan)) return { plan, pendingPlan: null, pendingPlanFrom: null };
  if (plan === inForce.plan) return cancelAtPeriodEnd ? null : { plan, pendingPlan: null, pendingPlanFrom: null };
  if (inForce.pendingPlan === plan) return null;
  return { plan: inForce.plan, pendingPlan: plan, pendingPlanFrom: billingPeriodOf(row.planSelectedAt, now).end };
}

/**
 * Puts the plan a verified Stripe webhook reports in force, in the webhook's transaction and under
 * the entity's leads lock (as selectPlan does): a larger plan releases the held leads, a first plan
 * issues the first API key, and falling back to Starter deletes nothing (later leads are held, as
 * the over-quota rule already does).
 */
export async function setPlanFromSubscription(
  tx: Database,
  cipher: ApiKeyCipher,
  {
    entityId,
    plan,
    isEnded,
    cancelAtPeriodEnd,
    now,
  }: {
    entityId: string;
    plan: PlanId;
    isEnded: boolean;
    cancelAtPeriodEnd: boolean;
    now: Date;
  },
): Promise<void> {
  await lockEntityLeads(tx, entityId);
  const [current] = await tx.select().from(entities).where(eq(entities.id, entityId)).for('update');
  if (!current) return;
  const change = changeOf(current, plan, { isEnded, cancelAtPeriodEnd, now });
  if (!change) return;
  const [row] = await tx
    .update(entities)
    .set({ ...change, updatedAt: sql`now()` })
    .where(eq(entities.id, entityId))
    .returning();
  await issueFirstApiKey(tx, cipher, entityId);
  if (current.plan && current.planSelectedAt && isLargerPlan(plan, billingStateOf(current, now).plan))
    await releaseHeldLeads(tx, entityId, { periodStart: billingStateOf(row!, now).period.start, now });
}
