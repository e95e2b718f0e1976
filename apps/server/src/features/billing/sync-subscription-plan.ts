import { eq } from 'drizzle-orm';
import type { PlanId } from '@leadbell/shared/plans';
import type { Database } from '../../db/client.ts';
import { billingAccounts } from '../../db/schema/billing.ts';
import { AppError } from '../../http/app-error.ts';
import { callStripe, isPaidPlan, LIVE_SUBSCRIPTION_STATUSES, type BillingConfig } from './billing-config.ts';

/**
 * While billing is on, a larger paid plan is bought through Checkout: `PUT /v1/entities/:id/plan`
 * answers 402 and names the route (the plan changes when Stripe's webhook confirms the payment).
 */
export function requireCheckoutForPaidPlan(
  billing: BillingConfig | null,
  { plan, isUpgrade }: { plan: PlanId; isUpgrade: boolean },
): void {
  if (!billing || !isPaidPlan(plan) || !isUpgrade) return;
  throw new AppError('payment_required', `Pay for the ${plan} plan through Checkout.`, {
    details: { checkout: { method: 'POST', path: '/v1/billing/checkout-sessions', body: { plan } } },
  });
}

/**
 * Tells Stripe about a smaller plan or a cancellation chosen on `PUT /v1/entities/:id/plan`, in
 * that request's transaction (a refusal rolls the local change back): Starter cancels at the
 * period's end; a smaller paid plan swaps the Price without proration, so it is billed from the
 * next period, as it starts here with the next billing month. Updates are idempotent by nature;
 * the client's own retry key covers a lost answer.
 */
export async function syncSubscriptionPlan(
  tx: Database,
  billing: BillingConfig | null,
  { entityId, plan }: { entityId: string; plan: PlanId },
): Promise<void> {
  if (!billing) return;
  const [account] = await tx
    .select({ subscriptionId: billingAccounts.stripeSubscriptionId, status: billingAccounts.subscriptionStatus })
    .from(billingAccounts)
    .where(eq(billingAccounts.entityId, entityId));
  const subscriptionId = account?.subscriptionId;
  if (!subscriptionId || !account.status || !LIVE_SUBSCRIPTION_STATUSES.includes(account.status)) return;
  if (!isPaidPlan(plan)) {
    await callStripe('cancel the subscription', () =>
      billing.stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: true }),
    );
    return;
  }
  const subscription = await callStripe('read the subscription', () =>
    billing.stripe.subscriptions.retrieve(subscriptionId),
  );
  const bases = new Set(Object.values(billing.prices).map((price) => price.base));
  const item = subscription.items.data.find((candidate) => bases.has(candidate.price.id));
  if (!item) return;
  await callStripe('change the subscription', () =>
    billing.stripe.subscriptions.update(subscriptionId, {
      items: [{ id: item.id, price: billing.prices[plan].base }],
      proration_behavior: 'none',
      cancel_at_period_end: false,
    }),
  );
}
