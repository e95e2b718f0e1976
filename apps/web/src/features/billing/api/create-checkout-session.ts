import type { BillingRedirect, CreateCheckoutSession } from '@leadbell/shared/subscriptions';
import { apiRequest } from '../../../lib/api-client.ts';

/** Stripe Checkout for a paid plan (or the swap of a live subscription): where to send the browser. */
export function createCheckoutSession(input: CreateCheckoutSession) {
  return apiRequest<BillingRedirect>('/v1/billing/checkout-sessions', { method: 'POST', body: input });
}
