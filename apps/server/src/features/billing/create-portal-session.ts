import { eq } from 'drizzle-orm';
import type { BillingRedirect } from '@leadbell/shared/subscriptions';
import type { Database } from '../../db/client.ts';
import { billingAccounts } from '../../db/schema/billing.ts';
import { AppError } from '../../http/app-error.ts';
import { callStripe, type BillingConfig } from './billing-config.ts';

/**
 * Stripe's billing portal for the entity's customer: card, billing address, tax id, invoices. A
 * portal session lives minutes, so its idempotency key is the entity's and the minute's.
 */
export async function createPortalSession(
  db: Database,
  billing: BillingConfig,
  { entityId, now }: { entityId: string; now: Date },
): Promise<BillingRedirect> {
  const [account] = await db
    .select({ customerId: billingAccounts.stripeCustomerId })
    .from(billingAccounts)
    .where(eq(billingAccounts.entityId, entityId));
  if (!account)
    throw new AppError('billing_disabled', 'Choose a paid plan first: the business has no billing account yet.');
  const minute = now.toISOString().slice(0, 16);
  const session = await callStripe('open the billing portal', () =>
    billing.stripe.billingPortal.sessions.create(
      { customer: account.customerId, return_url: `${billing.publicUrl}/billing` },
      { idempotencyKey: `leadbell-portal-${entityId}-${minute}` },
    ),
  );
  return { url: session.url };
}
