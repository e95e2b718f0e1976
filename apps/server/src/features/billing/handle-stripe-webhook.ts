import type { FastifyBaseLogger } from 'fastify';
import { and, eq, sql } from 'drizzle-orm';
import type Stripe from 'stripe';
import type { Database } from '../../db/client.ts';
import { users } from '../../db/schema/auth.ts';
import { billingAccounts, billingPaymentFailures, stripeEvents } from '../../db/schema/billing.ts';
import { entities } from '../../db/schema/entities.ts';
import { AppError } from '../../http/app-error.ts';
import type { Mailer } from '../../mail/mailer.ts';
import type { ApiKeyCipher } from '../../lib/api-key-cipher.ts';
import {
  callStripe,
  ENDED_SUBSCRIPTION_STATUSES,
  LIVE_SUBSCRIPTION_STATUSES,
  planOfPrice,
  type BillingConfig,
} from './billing-config.ts';
import { paymentFailedMail } from './payment-failed-mail.ts';
import { setPlanFromSubscription } from './set-plan-from-subscription.ts';

export type WebhookDependencies = {
  db: Database;
  billing: BillingConfig;
  cipher: ApiKeyCipher;
  mailer: Mailer;
  log: FastifyBaseLogger;
};

const SUBSCRIPTION_EVENTS = new Set([
  'checkout.session.completed',
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
]);

function idOf(value: string | { id: string } | null | undefined): string | null {
  return typeof value === 'string' ? value : (value?.id ?? null);
}

/** The event, or 400 when the body is not what Stripe signed with our secret (nothing is read from it). */
function verifiedEvent(billing: BillingConfig, rawBody: Buffer, signature: string | undefined): Stripe.Event {
  try {
    return billing.stripe.webhooks.constructEvent(rawBody, signature ?? '', billing.webhookSecret);
  } catch {
    throw new AppError('validation_error', 'The Stripe-Signature header does not match the body.', {
      fields: { 'stripe-signature': ['Does not match the body signed with STRIPE_WEBHOOK_SECRET.'] },
    });
  }
}

/** Records the event id first: false when it was applied before (a redelivery changes nothing). */
async function isFirstDelivery(tx: Database, event: Stripe.Event): Promise<boolean> {
  const inserted = await tx
    .insert(stripeEvents)
    .values({ id: event.id, type: event.type })
    .onConflictDoNothing()
    .returning({ id: stripeEvents.id });
  return inserted.length > 0;
}

async function wasApplied(db: Database, eventId: string): Promise<boolean> {
  const [row] = await db.select({ id: stripeEvents.id }).from(stripeEvents).where(eq(stripeEvents.id, eventId));
  return Boolean(row);
}

/**
 * Out-of-order events are harmless because no event's payload is applied: the handler re-reads
 * the subscription (or invoice) from Stripe and applies its state now (decision 050). An old
 * `customer.subscription.created` that arrives after `deleted` re-reads a cancelled subscription.
 */
async function applySubscription(
  deps: WebhookDependencies,
  event: Stripe.Event,
  subscriptionId: string,
  now: Date,
): Promise<void> {
  const subscription = await callStripe('read the subscription', () =>
    deps.billing.stripe.subscriptions.retrieve(subscriptionId),
  );
  const customerId = idOf(subscription.customer);
  const plan = subscription.items.data
    .map((item) => planOfPrice(deps.billing, item.price.id))
    .find((candidate) => candidate !== null);
  const isLive = LIVE_SUBSCRIPTION_STATUSES.includes(subscription.status);
  const isEnded = ENDED_SUBSCRIPTION_STATUSES.includes(subscription.status);
  await deps.db.transaction(async (tx) => {
    if (!(await isFirstDelivery(tx, event))) return;
    const [account] = await tx
      .select()
      .from(billingAccounts)
      .where(eq(billingAccounts.stripeCustomerId, customerId ?? ''))
      .for('update');
    if (!account) {
      deps.log.warn({ eventId: event.id, customerId }, 'stripe webhook: a subscription of a customer that is not ours');
      return;
    }
    // An older subscription ending never ends the one that replaced it.
    if (account.stripeSubscriptionId && account.stripeSubscriptionId !== subscription.id && !isLive) return;
    await tx
      .update(billingAccounts)
      .set({
        stripeSubscriptionId: subscription.id,
        subscriptionStatus: subscription.status,
        subscribedPlan: plan ?? null,
        cancelAtPeriodEnd: subscription.cancel_at_period_end,
        updatedAt: sql`now()`,
      })
      .where(eq(billingAccounts.entityId, account.entityId));
    if (isLive && plan)
      await setPlanFromSubscription(tx, deps.cipher, {
        entityId: account.entityId,
        plan,
        isEnded: false,
        cancelAtPeriodEnd: subscription.cancel_at_period_end,
        now,
      });
    else if (isEnded)
      await setPlanFromSubscription(tx, deps.cipher, {
        entityId: account.entityId,
        plan: 'starter',
        isEnded: true,
        cancelAtPeriodEnd: false,
        now,
      });
  });
}

/** A failed payment: the banner until an invoice is paid, and the admins' mail once per invoice. */
async function applyInvoice(deps: WebhookDependencies, event: Stripe.Event, invoiceId: string): Promise<void> {
  const invoice = await callStripe('read the invoice', () => deps.billing.stripe.invoices.retrieve(invoiceId));
  const customerId = idOf(invoice.customer);
  const isPaid = invoice.status === 'paid' || invoice.status === 'void';
  const toMail = await deps.db.transaction(async (tx) => {
    if (!(await isFirstDelivery(tx, event))) return null;
    const [account] = await tx
      .select({ entityId: billingAccounts.entityId, name: entities.name })
      .from(billingAccounts)
      .innerJoin(entities, eq(entities.id, billingAccounts.entityId))
      .where(eq(billingAccounts.stripeCustomerId, customerId ?? ''));
    if (!account) return null;
    if (isPaid) {
      await tx
        .update(billingAccounts)
        .set({ paymentFailedInvoiceId: null, paymentFailedAt: null, updatedAt: sql`now()` })
        .where(
          and(eq(billingAccounts.entityId, account.entityId), eq(billingAccounts.paymentFailedInvoiceId, invoiceId)),
        );
      return null;
    }
    if (event.type !== 'invoice.payment_failed') return null;
    await tx
      .update(billingAccounts)
      .set({ paymentFailedInvoiceId: invoiceId, paymentFailedAt: sql`now()`, updatedAt: sql`now()` })
      .where(eq(billingAccounts.entityId, account.entityId));
    const first = await tx
      .insert(billingPaymentFailures)
      .values({ invoiceId, entityId: account.entityId })
      .onConflictDoNothing()
      .returning({ invoiceId: billingPaymentFailures.invoiceId });
    return first.length > 0 ? account : null;
  });
  if (!toMail) return;
  const admins = await deps.db
    .select({ email: users.email })
    .from(users)
    .where(and(eq(users.entityId, toMail.entityId), eq(users.role, 'admin')));
  for (const admin of admins)
    await deps.mailer
      .send(paymentFailedMail({ to: admin.email, entityName: toMail.name, publicUrl: deps.billing.publicUrl }))
      .catch((error: unknown) => deps.log.error({ err: error, invoiceId }, 'the payment-failed mail failed'));
}

/**
 * Stripe's webhook: verified against the raw body, applied in a transaction that also records the
 * event's id, and answered 2xx only after that commit (a failure answers 5xx and Stripe retries).
 * Events this server does not use are acknowledged and logged.
 */
export async function handleStripeWebhook(
  deps: WebhookDependencies,
  { rawBody, signature, now }: { rawBody: Buffer; signature: string | undefined; now: Date },
): Promise<{ received: true }> {
  const event = verifiedEvent(deps.billing, rawBody, signature);
  if (await wasApplied(deps.db, event.id)) return { received: true };
  const object = event.data.object as unknown as Record<string, unknown>;
  if (SUBSCRIPTION_EVENTS.has(event.type)) {
    const subscriptionId =
      event.type === 'checkout.session.completed'
        ? idOf(object.subscription as string | { id: string } | null)
        : (object.id as string);
    if (subscriptionId) {
      await applySubscription(deps, event, subscriptionId, now);
      return { received: true };
    }
  } else if (event.type === 'invoice.payment_failed' || event.type === 'invoice.paid') {
    await applyInvoice(deps, event, object.id as string);
    return { received: true };
  } else {
    deps.log.info({ eventId: event.id, type: event.type }, 'stripe webhook: an event this server does not use');
  }
  await deps.db.transaction(async (tx) => isFirstDelivery(tx, event));
  return { received: true };
}
