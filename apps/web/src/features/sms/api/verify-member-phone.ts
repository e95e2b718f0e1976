import type { MemberPhone, VerifyPhone } from '@leadbell/shared/sms';
import { apiRequest } from '../../../lib/api-client.ts';

/** Confirms the pending number with the texted code. */
export function verifyMemberPhone(input: VerifyPhone) {
  return apiRequest<MemberPhone>('/v1/me/phone/verify', { method: 'POST', body: input });
}
