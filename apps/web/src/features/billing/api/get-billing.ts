import type { BillingSummary } from '@leadbell/shared/subscriptions';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export const BILLING_QUERY_KEY = ['billing'] as const;

export function getBilling(signal?: AbortSignal) {
  return apiRequest<BillingSummary>('/v1/billing', { signal });
}

const POLL_MS = 2_000;

/**
 * The business's billing: the plan in force, the subscription, an unpaid invoice. With `pollUntil`
 * it asks again every 2 s until the answer satisfies it: the wait for Stripe's webhook after Checkout.
 */
export function useBilling({ pollUntil }: { pollUntil?: (summary: BillingSummary) => boolean } = {}) {
  return useQuery({
    queryKey: BILLING_QUERY_KEY,
    queryFn: ({ signal }) => getBilling(signal),
    refetchInterval: pollUntil ? (query) => (query.state.data && pollUntil(query.state.data) ? false : POLL_MS) : false,
  });
}
