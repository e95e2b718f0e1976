import { eq } from 'drizzle-orm';
import { planInForce } from '@leadbell/shared/billing';
import type { BillingSummary } from '@leadbell/shared/subscriptions';
import type { Database } from '../../db/client.ts';
import { billingAccounts } from '../../db/schema/billing.ts';
import { entities } from '../../db/schema/entities.ts';
import { AppError } from '../../http/app-error.ts';
import type { BillingConfig } from './billing-config.ts';

/** The plan in force and the subscription as Stripe last reported it: the console's banner and waiting state. */
export async function getBillingSummary(
  db: Database,
  billing: BillingConfig | null,
  { entityId, now }: { entityId: string; now: Date },
): Promise<BillingSummary> {
  const [row] = await db
    .select({
      plan: entities.plan,
      pendingPlan: entities.pendingPlan,
      pendingPlanFrom: entities.pendingPlanFrom,
      subscriptionStatus: billingAccounts.subscriptionStatus,
      subscribedPlan: billingAccounts.subscribedPlan,
      cancelAtPeriodEnd: billingAccounts.cancelAtPeriodEnd,
      paymentFailedInvoiceId: billingAccounts.paymentFailedInvoiceId,
      paymentFailedAt: billingAccounts.paymentFailedAt,
    })
    .from(entities)
    .leftJoin(billingAccounts, eq(billingAccounts.entityId, entities.id))
    .where(eq(entities.id, entityId));
  if (!row) throw new AppError('not_found', 'Entity not found.');
  const plan = row.plan
    ? planInForce({ plan: row.plan, pendingPlan: row.pendingPlan, pendingPlanFrom: row.pendingPlanFrom }, now).plan
    : null;
  return {
    isEnabled: billing !== null,
    plan,
    subscription:
      billing && row.subscriptionStatus
        ? {
            plan: row.subscribedPlan,
            status: row.subscriptionStatus,
            cancelAtPeriodEnd: row.cancelAtPeriodEnd ?? false,
          }
        : null,
    paymentFailed:
      billing && row.paymentFailedInvoiceId && row.paymentFailedAt
        ? { invoiceId: row.paymentFailedInvoiceId, at: row.paymentFailedAt.toISOString() }
        : null,
  };
}
