import type Stripe from 'stripe';
import type { PlanId } from '@leadbell/shared/plans';
import { PAID_PLAN_IDS, type PaidPlanId } from '@leadbell/shared/subscriptions';
import type { Env } from '../../env.ts';
import { AppError } from '../../http/app-error.ts';

/**
 * The API version this code was written against, pinned so a change in the Stripe account's
 * default never changes the shapes we read (decision 050). It is the installed package's own.
 */
export const STRIPE_API_VERSION = '2026-10-28.endive';

/** Billing when it is on: the Stripe client and what Checkout, webhooks and the meter need. */
export type BillingConfig = {
  stripe: Stripe;
  webhookSecret: string;
  /** Each paid plan's monthly Price and, when set, its metered overage Price. */
  prices: Record<PaidPlanId, { base: string; overage: string | null }>;
  meterEventName: string;
  publicUrl: string;
};

type BillingEnv = Pick<
  Env,
  | 'STRIPE_SECRET_KEY'
  | 'STRIPE_WEBHOOK_SECRET'
  | 'STRIPE_API_URL'
  | 'STRIPE_PRICE_GROWTH'
  | 'STRIPE_PRICE_PRO'
  | 'STRIPE_PRICE_ELITE'
  | 'STRIPE_OVERAGE_PRICE_GROWTH'
  | 'STRIPE_OVERAGE_PRICE_PRO'
  | 'STRIPE_OVERAGE_PRICE_ELITE'
  | 'STRIPE_METER_EVENT_NAME'
  | 'PUBLIC_URL'
>;

/** The official client on the pinned API version, connecting to `apiUrl` (its host, port and protocol). */
export async function createStripeClient(secretKey: string, apiUrl: string): Promise<Stripe> {
  // Loaded only where billing is on, which it is not by default (decision 050): the SDK is about
  // 250 files, a tenth of the modules every start loaded (docs/performance.md, "Start").
  const { default: StripeClient } = await import('stripe');
  const api = new URL(apiUrl);
  const protocol = api.protocol === 'http:' ? 'http' : 'https';
  return new StripeClient(secretKey, {
    apiVersion: STRIPE_API_VERSION,
    host: api.hostname,
    port: api.port ? Number(api.port) : protocol === 'http' ? 80 : 443,
    protocol,
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
  });
}

/** Billing on (a Stripe key) or off (null: no Stripe client exists, so no call can be made). */
export async function billingConfigOf(env: BillingEnv): Promise<BillingConfig | null> {
  if (!env.STRIPE_SECRET_KEY) return null;
  const stripe = await createStripeClient(env.STRIPE_SECRET_KEY, env.STRIPE_API_URL);
  return {
    stripe,
    // env.ts refuses a Stripe key without these.
    webhookSecret: env.STRIPE_WEBHOOK_SECRET!,
    prices: {
      growth: { base: env.STRIPE_PRICE_GROWTH!, overage: env.STRIPE_OVERAGE_PRICE_GROWTH ?? null },
      pro: { base: env.STRIPE_PRICE_PRO!, overage: env.STRIPE_OVERAGE_PRICE_PRO ?? null },
      elite: { base: env.STRIPE_PRICE_ELITE!, overage: env.STRIPE_OVERAGE_PRICE_ELITE ?? null },
    },
    meterEventName: env.STRIPE_METER_EVENT_NAME,
    publicUrl: env.PUBLIC_URL,
  };
}

/** The paid plan a subscription's Price sells, or null for a Price this server does not sell. */
export function planOfPrice(config: BillingConfig, priceId: string): PaidPlanId | null {
  return PAID_PLAN_IDS.find((plan) => config.prices[plan].base === priceId) ?? null;
}

export function isPaidPlan(plan: PlanId): plan is PaidPlanId {
  return (PAID_PLAN_IDS as readonly string[]).includes(plan);
}

/**
 * A Stripe call whose failure the caller cannot fix: logged by the error handler's caller as a
 * 502 `billing_unavailable`, so a refused or unreachable Stripe never looks like our bug.
 */
export async function callStripe<T>(what: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    // Loaded already: a call needs the client, which loaded it.
    const { default: StripeClient } = await import('stripe');
    if (error instanceof StripeClient.errors.StripeError)
      throw new AppError('billing_unavailable', `Stripe did not ${what}: ${error.message}`);
    throw error;
  }
}

/** Subscription statuses during which the plan paid for stays in force (past_due: Stripe is still retrying). */
export const LIVE_SUBSCRIPTION_STATUSES: readonly string[] = ['active', 'trialing', 'past_due'];
/** Statuses that end what was paid for: the entity falls back to Starter's limits (nothing is deleted). */
export const ENDED_SUBSCRIPTION_STATUSES: readonly string[] = ['canceled', 'unpaid', 'incomplete_expired', 'paused'];
