import type { InvoiceList } from '@leadbell/shared/subscriptions';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export const INVOICES_QUERY_KEY = ['billing', 'invoices'] as const;

export function getInvoices(signal?: AbortSignal) {
  return apiRequest<InvoiceList>('/v1/billing/invoices', { signal });
}

/** The latest invoices, read from Stripe; only asked for while billing is on. */
export function useInvoices({ isEnabled }: { isEnabled: boolean }) {
  return useQuery({ queryKey: INVOICES_QUERY_KEY, queryFn: ({ signal }) => getInvoices(signal), enabled: isEnabled });
}
