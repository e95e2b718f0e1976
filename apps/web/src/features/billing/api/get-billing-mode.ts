import type { BillingMode } from '@leadbell/shared/subscriptions';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export const BILLING_MODE_QUERY_KEY = ['billing-mode'] as const;

/** Whether this server sells its plans; public, so the pricing page can ask too. */
export function getBillingMode(signal?: AbortSignal) {
  return apiRequest<BillingMode>('/v1/billing/mode', { signal });
}

export function useBillingMode() {
  return useQuery({
    queryKey: BILLING_MODE_QUERY_KEY,
    queryFn: ({ signal }) => getBillingMode(signal),
    staleTime: Infinity,
  });
}
