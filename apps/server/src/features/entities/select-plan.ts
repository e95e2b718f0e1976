import { and, eq, sql } from 'drizzle-orm';
import { billingPeriodOf, planInForce } from '@leadbell/shared/billing';
import type { Entity } from '@leadbell/shared/entities';
import { getPlan, type PlanId } from '@leadbell/shared/plans';
import type { SessionUser } from '../../auth/require-session.ts';
import type { Database } from '../../db/client.ts';
import { entities } from '../../db/schema/entities.ts';
import { AppError } from '../../http/app-error.ts';
import { isUuid } from '../../http/ids.ts';
import type { ApiKeyCipher } from '../../lib/api-key-cipher.ts';
import { issueFirstApiKey } from '../api-keys/issue-api-key.ts';
import { lockEntityLeads } from '../notifications/entity-leads-lock.ts';
import { releaseHeldLeads } from '../notifications/release-held-leads.ts';
import { billingStateOf } from '../../lib/billing-state.ts';
import type { BillingConfig } from '../billing/billing-config.ts';
import { requireCheckoutForPaidPlan, syncSubscriptionPlan } from '../billing/sync-subscription-plan.ts';
import { requireSeatsForPlan } from '../team/seats.ts';
import { toEntity } from './entity-record.ts';

function isLargerPlan(chosen: PlanId, inForce: PlanId): boolean {
  return getPlan(chosen).includedNotifications > getPlan(inForce).includedNotifications;
}

type PlanColumns = Pick<typeof entities.$inferInsert, 'plan' | 'planSelectedAt' | 'pendingPlan' | 'pendingPlanFrom'>;

/**
 * The first plan starts at once and starts the billing months. A larger plan starts at once too,
 * within the same billing month: its volume and seats are what the owner chose it for (decision
 * 040). A smaller one waits for the next billing month (spec section 1: "Plan changes take effect
 * next billing cycle"), and choosing the plan in force again cancels a waiting change.
 */
function planChange(row: typeof entities.$inferSelect, plan: PlanId, now: Date): PlanColumns {
  if (!row.plan || !row.planSelectedAt) return { plan, planSelectedAt: now, pendingPlan: null, pendingPlanFrom: null };
  const inForce = planInForce(
    { plan: row.plan, pendingPlan: row.pendingPlan, pendingPlanFrom: row.pendingPlanFrom },
    now,
  );
  if (plan === inForce.plan || isLargerPlan(plan, inForce.plan))
    return { plan, pendingPlan: null, pendingPlanFrom: null };
  return { plan: inForce.plan, pendingPlan: plan, pendingPlanFrom: billingPeriodOf(row.planSelectedAt, now).end };
}

/**
 * Chooses the entity's plan; choosing the first plan also issues the entity's first API key, and
 * choosing a larger plan than the one in force releases the leads held past its limit at once
 * (decision 021), as the larger plan starts at once (decision 040). While billing is on (decision
 * 050), a larger paid plan is paid for through Checkout instead (402), and a smaller plan or a
 * cancellation is told to the Stripe subscription before it commits.
 */
export async function selectPlan(
  db: Database,
  cipher: ApiKeyCipher,
  {
    user,
    entityId,
    plan,
    now,
    billing = null,
  }: { user: SessionUser; entityId: string; plan: PlanId; now: Date; billing?: BillingConfig | null },
): Promise<Entity> {
  if (!user.entityId || !isUuid(entityId)) throw new AppError('not_found', 'Entity not found.');
  if (user.role !== 'admin') throw new AppError('forbidden', 'Only an admin can change the plan.');
  return db.transaction(async (tx) => {
    // Before the entity's row: ingestion, which holds this lock, checks that row's key.
    await lockEntityLeads(tx, entityId);
    const [current] = await tx
      .select()
      .from(entities)
      .where(and(eq(entities.id, entityId), eq(entities.id, user.entityId!)))
      .for('update');
    if (!current) throw new AppError('not_found', 'Entity not found.');
    requireCheckoutForPaidPlan(billing, {
      plan,
      isUpgrade: !current.plan || isLargerPlan(plan, billingStateOf(current, now).plan),
    });
    if (current.plan) await requireSeatsForPlan(tx, current.id, plan, now);
    await syncSubscriptionPlan(tx, billing, { entityId: current.id, plan });
    const [row] = await tx
      .update(entities)
      .set({ ...planChange(current, plan, now), updatedAt: sql`now()` })
      .where(eq(entities.id, current.id))
      .returning();
    await issueFirstApiKey(tx, cipher, row!.id);
    if (current.plan && isLargerPlan(plan, billingStateOf(current, now).plan))
      await releaseHeldLeads(tx, row!.id, { periodStart: billingStateOf(row!, now).period.start, now });
    return toEntity(row!, now);
  });
}
