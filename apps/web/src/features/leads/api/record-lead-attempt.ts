import type { LeadAttemptInput } from '@leadbell/shared/replies';

/**
 * Tells the server a member tapped Call, Text or WhatsApp. Fire and forget with `keepalive`: the
 * tap opens the dialer or WhatsApp at once (the page may be left or frozen meanwhile) and the
 * request still completes; a lost attempt only leaves a line out of the timeline.
 */
export function recordLeadAttempt(leadId: string, input: LeadAttemptInput): void {
  void fetch(`/v1/leads/${encodeURIComponent(leadId)}/attempts`, {
    method: 'POST',
    keepalive: true,
    credentials: 'same-origin',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(input),
  }).catch(() => undefined);
}
