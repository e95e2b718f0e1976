import type { NotifyRequest, NotifyResponse } from '@leadbell/shared/notifications';
import { apiRequest } from '../../../lib/api-client.ts';

/**
 * Posts a sample lead through the public endpoint, as a website would, marked as a test (shown
 * with a Test badge, not counted against the plan). A key limited to other origins still accepts
 * tests from the console's own origin (decision 021).
 */
export function sendTestLead(apiKey: string, input: Pick<NotifyRequest, 'flowId' | 'data'>) {
  return apiRequest<NotifyResponse>('/v1/notify', {
    method: 'POST',
    headers: { 'X-Api-Key': apiKey },
    body: { ...input, test: true },
  });
}
