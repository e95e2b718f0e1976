import type { CallerId, VerifyCallerId } from '@leadbell/shared/voice';
import { apiRequest } from '../../../lib/api-client.ts';

/** Twilio calls the number now; the answer carries the code to type on its keypad. */
export function startCallerIdVerification(entityId: string, input: VerifyCallerId) {
  return apiRequest<CallerId>(`/v1/entities/${entityId}/caller-id`, { method: 'POST', body: input });
}
