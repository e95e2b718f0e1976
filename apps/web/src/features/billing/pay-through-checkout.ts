import type { PlanId } from '@leadbell/shared/plans';
import { PaidPlanIdSchema } from '@leadbell/shared/subscriptions';
import { ApiError } from '../../lib/api-client.ts';
import { createCheckoutSession } from './api/create-checkout-session.ts';

/**
 * While billing is on, choosing a larger paid plan answers 402 `payment_required`: open Stripe
 * Checkout for it instead. True when the browser is on its way there; false for any other error.
 */
export async function payThroughCheckout(error: unknown, plan: PlanId): Promise<boolean> {
  const paid = PaidPlanIdSchema.safeParse(plan);
  if (!(error instanceof ApiError) || error.code !== 'payment_required' || !paid.success) return false;
  const { url } = await createCheckoutSession({ plan: paid.data });
  window.location.assign(url);
  return true;
}
