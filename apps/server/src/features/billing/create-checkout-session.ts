import { eq } from 'drizzle-orm';
import type { BillingRedirect, PaidPlanId } from '@leadbell/shared/subscriptions';
import type { Database } from '../../db/client.ts';
import { billingAccounts } from '../../db/schema/billing.ts';
import { entities } from '../../db/schema/entities.ts';
import { AppError } from '../../http/app-error.ts';
import { callStripe, LIVE_SUBSCRIPTION_STATUSES, type BillingConfig } from './billing-config.ts';
import { ensureStripeCustomer } from './ensure-stripe-customer.ts';

/**
 * Where Stripe sends the browser back: the onboarding's plan step for a first plan, the Billing
 * page after. The console then waits for the webhook there (it never trusts this visit).
 */
function returnUrls(billing: BillingConfig, plan: PaidPlanId, isOnboarding: boolean) {
  const page = `${billing.publicUrl}${isOnboarding ? '/onboarding/plan' : '/billing'}`;
  return { success: `${page}?checkout=done&plan=${plan}`, cancel: `${page}?checkout=cancelled` };
}

/**
 * Pays for a paid plan. Without a live subscription: a Stripe Checkout session in subscription
 * mode (billing address, tax id and Stripe Tax's automatic tax). With one: the subscription's
 * Price is swapped at once and prorated (an upgrade starts at once, decision 040), and the console
 * goes straight to its waiting state. Either way the plan changes only when Stripe's webhook says
 * so. Idempotency keys come from the entity, the plan, the subscription it replaces and the day:
 * a double click gets the same session, and a later purchase a new one.
 */
export async function createCheckoutSession(
  db: Database,
  billing: BillingConfig,
  { entityId, email, plan, now }: { entityId: string; email: string; plan: PaidPlanId; now: Date },
): Promise<BillingRedirect> {
  const [account] = await db
    .select({
      plan: entities.plan,
      subscriptionId: billingAccounts.stripeSubscriptionId,
      status: billingAccounts.subscriptionStatus,
    })
    .from(entities)
    .leftJoin(billingAccounts, eq(billingAccounts.entityId, entities.id))
    .where(eq(entities.id, entityId));
  if (!account) throw new AppError('not_found', 'Entity not found.');
  const urls = returnUrls(billing, plan, account.plan === null);
  const day = now.toISOString().slice(0, 10);
  if (account.subscriptionId && account.status && LIVE_SUBSCRIPTION_STATUSES.includes(account.status)) {
    const subscriptionId = account.subscriptionId;
    const subscription = await callStripe('read the subscription', () =>
      billing.stripe.subscriptions.retrieve(subscriptionId),
    );
    const bases = new Set(Object.values(billing.prices).map((price) => price.base));
    const item = subscription.items.data.find((candidate) => bases.has(candidate.price.id));
    if (item && item.price.id !== billing.prices[plan].base)
      await callStripe('change the subscription', () =>
        billing.stripe.subscriptions.update(
          subscriptionId,
          {
            items: [{ id: item.id, price: billing.prices[plan].base }],
            proration_behavior: 'always_invoice',
            cancel_at_period_end: false,
          },
          { idempotencyKey: `leadbell-upgrade-${entityId}-${subscriptionId}-${plan}-${day}` },
        ),
      );
    return { url: urls.success };
  }
  const customer = await ensureStripeCustomer(db, billing, { entityId, email });
  const overage = billing.prices[plan].overage;
  const session = await callStripe('open Checkout', () =>
    billing.stripe.checkout.sessions.create(
      {
        mode: 'subscription',
        customer,
        client_reference_id: entityId,
        line_items: [{ price: billing.prices[plan].base, quantity: 1 }, ...(overage ? [{ price: overage }] : [])],
        billing_address_collection: 'required',
        tax_id_collection: { enabled: true },
        automatic_tax: { enabled: true },
        customer_update: { address: 'auto', name: 'auto' },
        metadata: { entity_id: entityId, plan },
        subscription_data: { metadata: { entity_id: entityId, plan } },
        success_url: urls.success,
        cancel_url: urls.cancel,
      },
      { idempotencyKey: `leadbell-checkout-${entityId}-${plan}-${account.subscriptionId ?? 'first'}-${day}` },
    ),
  );
  return { url: session.url! };
}
