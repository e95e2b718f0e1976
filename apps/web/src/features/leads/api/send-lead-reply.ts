import type { LeadReply, LeadReplyInput } from '@leadbell/shared/replies';
import { apiRequest } from '../../../lib/api-client.ts';

/**
 * Emails the lead's visitor (at the lead's own address); answers the reply and the lead's state
 * (a reply to an open lead claims it). 422 `lead_unreachable` without an address, 502 `mail_failed`.
 */
export function sendLeadReply(leadId: string, input: LeadReplyInput) {
  return apiRequest<LeadReply>(`/v1/leads/${encodeURIComponent(leadId)}/replies`, { method: 'POST', body: input });
}
