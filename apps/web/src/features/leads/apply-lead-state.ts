import type { Lead, LeadDetail, LeadPage, LeadState } from '@leadbell/shared/leads';
import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import { leadQueryKey } from './api/get-lead.ts';
import { LEADS_QUERY_KEY } from './api/get-leads.ts';

type LeadPages = InfiniteData<LeadPage, string | null>;
/** What a row or the card may learn without a refetch: who holds it, and whether I have seen it. */
export type LeadPatch = Omit<LeadState, 'id'> | { isSeen: true };

function patchLead<T extends Lead>(lead: T, patch: LeadPatch): T {
  return { ...lead, ...patch };
}

/** The pages with one lead changed; the same object when it is not on them (no re-render, no loop). */
export function patchLeadPages(data: LeadPages | undefined, id: string, patch: LeadPatch): LeadPages | undefined {
  if (!data || !data.pages.some((page) => page.data.some((lead) => lead.id === id))) return data;
  return {
    ...data,
    pages: data.pages.map((page) => ({
      ...page,
      data: page.data.map((lead) => (lead.id === id ? patchLead(lead, patch) : lead)),
    })),
  };
}

function isSame(lead: Lead, patch: LeadPatch): boolean {
  return Object.entries(patch).every(
    ([key, value]) => JSON.stringify(lead[key as keyof Lead]) === JSON.stringify(value),
  );
}

/** Puts a lead's new state (from the live stream or my own action) into every list and its card. */
export function applyLeadPatch(queryClient: QueryClient, id: string, patch: LeadPatch): void {
  queryClient.setQueriesData<LeadPages>({ queryKey: [...LEADS_QUERY_KEY, 'list'] }, (data) => {
    const lead = data?.pages.flatMap((page) => page.data).find((candidate) => candidate.id === id);
    return lead && !isSame(lead, patch) ? patchLeadPages(data, id, patch) : data;
  });
  queryClient.setQueryData<LeadDetail>(leadQueryKey(id), (lead) =>
    lead && !isSame(lead, patch) ? patchLead(lead, patch) : lead,
  );
}

export function applyLeadState(queryClient: QueryClient, { id, ...state }: LeadState): void {
  applyLeadPatch(queryClient, id, state);
}

/** Takes a deleted lead out of every cached list at once, before they refetch. */
export function dropLeadFromLists(queryClient: QueryClient, id: string): void {
  queryClient.setQueriesData<LeadPages>({ queryKey: [...LEADS_QUERY_KEY, 'list'] }, (data) =>
    data?.pages.some((page) => page.data.some((lead) => lead.id === id))
      ? { ...data, pages: data.pages.map((page) => ({ ...page, data: page.data.filter((lead) => lead.id !== id) })) }
      : data,
  );
}
