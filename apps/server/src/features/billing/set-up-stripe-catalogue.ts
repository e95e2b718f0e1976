import type Stripe from 'stripe';
import { PLANS } from '@leadbell/shared/plans';
import { PAID_PLAN_IDS } from '@leadbell/shared/subscriptions';

/** The environment lines `npm run billing:setup` prints, by variable. */
export type CatalogueVariables = Record<string, string>;

/**
 * Creates, in the Stripe account of the key, what billing needs and finds what exists already:
 * the overage meter (by event name), one product per paid plan (by a fixed id), its monthly Price
 * and its metered overage Price (by lookup key). Create calls carry idempotency keys derived from
 * what they create, so a run cut short and run again makes nothing twice. Prices exclude taxes
 * (Stripe Tax adds them at Checkout from the billing address).
 */
export async function setUpStripeCatalogue(
  stripe: Stripe,
  { meterEventName }: { meterEventName: string },
): Promise<CatalogueVariables> {
  const meters = await stripe.billing.meters.list({ status: 'active', limit: 100 });
  const meter =
    meters.data.find((candidate) => candidate.event_name === meterEventName) ??
    (await stripe.billing.meters.create(
      {
        display_name: 'Leadbell notifications beyond the plan',
        event_name: meterEventName,
        default_aggregation: { formula: 'sum' },
        customer_mapping: { type: 'by_id', event_payload_key: 'stripe_customer_id' },
        value_settings: { event_payload_key: 'value' },
      },
      { idempotencyKey: `leadbell-setup-meter-${meterEventName}` },
    ));
  const variables: CatalogueVariables = { STRIPE_METER_EVENT_NAME: meterEventName };
  for (const id of PAID_PLAN_IDS) {
    const plan = PLANS.find((candidate) => candidate.id === id)!;
    const productId = `leadbell_${id}`;
    const product = await stripe.products.retrieve(productId).catch(async (error: unknown) => {
      if ((error as { code?: string }).code !== 'resource_missing') throw error;
      return stripe.products.create(
        { id: productId, name: `Leadbell ${plan.title}`, description: plan.description, tax_code: 'txcd_10103001' },
        { idempotencyKey: `leadbell-setup-product-${productId}` },
      );
    });
    const baseKey = `leadbell_${id}_monthly`;
    const overageKey = `leadbell_${id}_overage`;
    const existing = await stripe.prices.list({ lookup_keys: [baseKey, overageKey], active: true, limit: 10 });
    const base =
      existing.data.find((price) => price.lookup_key === baseKey) ??
      (await stripe.prices.create(
        {
          product: product.id,
          currency: 'usd',
          unit_amount: Math.round(plan.priceUsd * 100),
          recurring: { interval: 'month' },
          lookup_key: baseKey,
          tax_behavior: 'exclusive',
        },
        { idempotencyKey: `leadbell-setup-price-${baseKey}` },
      ));
    variables[`STRIPE_PRICE_${id.toUpperCase()}`] = base.id;
    if (plan.overageUsd === null) continue;
    const overage =
      existing.data.find((price) => price.lookup_key === overageKey) ??
      (await stripe.prices.create(
        {
          product: product.id,
          currency: 'usd',
          unit_amount_decimal: stripe.Decimal.from(String(Math.round(plan.overageUsd * 10_000) / 100)),
          recurring: { interval: 'month', usage_type: 'metered', meter: meter.id },
          lookup_key: overageKey,
          tax_behavior: 'exclusive',
        },
        { idempotencyKey: `leadbell-setup-price-${overageKey}` },
      ));
    variables[`STRIPE_OVERAGE_PRICE_${id.toUpperCase()}`] = overage.id;
  }
  return variables;
}
