import type { BillingRedirect } from '@leadbell/shared/subscriptions';
import { apiRequest } from '../../../lib/api-client.ts';

/** Stripe's billing portal for the business: where to send the browser. */
export function createPortalSession() {
  return apiRequest<BillingRedirect>('/v1/billing/portal-sessions', { method: 'POST' });
}
