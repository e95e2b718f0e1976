import type { EmailTestResult } from '@leadbell/shared/setup';
import { apiRequest } from '../../../lib/api-client.ts';

/** Emails the signed-in person a test now; the mail server taking it ticks the checklist's test step. */
export function sendEmailTest() {
  return apiRequest<EmailTestResult>('/v1/me/email/test', { method: 'POST' });
}
