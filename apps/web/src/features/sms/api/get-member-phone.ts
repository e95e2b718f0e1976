import type { MemberPhone } from '@leadbell/shared/sms';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export const MEMBER_PHONE_QUERY_KEY = ['member-phone'] as const;

export function getMemberPhone(signal?: AbortSignal) {
  return apiRequest<MemberPhone>('/v1/me/phone', { signal });
}

/** The signed-in member's mobile number: verified, waiting for its code, and whether texts are on here. */
export function useMemberPhone() {
  return useQuery({ queryKey: MEMBER_PHONE_QUERY_KEY, queryFn: ({ signal }) => getMemberPhone(signal) });
}
