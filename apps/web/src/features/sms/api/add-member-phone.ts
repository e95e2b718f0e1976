import type { AddPhone, MemberPhone } from '@leadbell/shared/sms';
import { apiRequest } from '../../../lib/api-client.ts';

/** Texts a 6-digit code to the number. */
export function addMemberPhone(input: AddPhone) {
  return apiRequest<MemberPhone>('/v1/me/phone', { method: 'POST', body: input });
}
