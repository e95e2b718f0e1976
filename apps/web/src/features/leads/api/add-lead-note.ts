import type { LeadNoteInput } from '@leadbell/shared/lead-notes-outcomes';
import type { LeadTimelineEntry } from '@leadbell/shared/leads';
import { apiRequest } from '../../../lib/api-client.ts';

/** A note for the team on a lead: answers its timeline entry (issue 26). */
export function addLeadNote(leadId: string, input: LeadNoteInput) {
  return apiRequest<LeadTimelineEntry>(`/v1/leads/${encodeURIComponent(leadId)}/notes`, {
    method: 'POST',
    body: input,
  });
}
