import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { billingAccounts } from '../../db/schema/billing.ts';
import { entities } from '../../db/schema/entities.ts';
import { AppError } from '../../http/app-error.ts';
import { callStripe, type BillingConfig } from './billing-config.ts';

/**
 * The entity's one Stripe customer, created on its first Checkout. The idempotency key is the
 * entity's, so two clicks at once (or a retry after a lost answer) get the same customer, and the
 * insert keeps whichever row landed first.
 */
export async function ensureStripeCustomer(
  db: Database,
  billing: BillingConfig,
  { entityId, email }: { entityId: string; email: string },
): Promise<string> {
  const [existing] = await db
    .select({ customerId: billingAccounts.stripeCustomerId })
    .from(billingAccounts)
    .where(eq(billingAccounts.entityId, entityId));
  if (existing) return existing.customerId;
  const [entity] = await db.select({ name: entities.name }).from(entities).where(eq(entities.id, entityId));
  if (!entity) throw new AppError('not_found', 'Entity not found.');
  const customer = await callStripe('create the customer', () =>
    billing.stripe.customers.create(
      { name: entity.name, email, metadata: { entity_id: entityId } },
      { idempotencyKey: `leadbell-customer-${entityId}` },
    ),
  );
  await db.insert(billingAccounts).values({ entityId, stripeCustomerId: customer.id }).onConflictDoNothing();
  const [stored] = await db
    .select({ customerId: billingAccounts.stripeCustomerId })
    .from(billingAccounts)
    .where(eq(billingAccounts.entityId, entityId));
  return stored!.customerId;
}
