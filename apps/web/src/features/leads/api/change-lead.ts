import type { LeadState } from '@leadbell/shared/leads';
import { apiRequest } from '../../../lib/api-client.ts';

/**
 * "I'm on it", "Release", "Done", "Spam", "Not spam" and "Ring the team": each answers the lead's
 * new state (409 `lead_taken` for a lost claim).
 */
export type LeadChange = 'claim' | 'release' | 'done' | 'spam' | 'not-spam' | 'ring';

export function changeLead(leadId: string, change: LeadChange) {
  return apiRequest<LeadState>(`/v1/leads/${encodeURIComponent(leadId)}/${change}`, { method: 'POST' });
}

/** Opening the card records "seen by" for the signed-in member (once; again is harmless). */
export function markLeadSeen(leadId: string) {
  return apiRequest<void>(`/v1/leads/${encodeURIComponent(leadId)}/seen`, { method: 'POST' });
}
