import type { CannedReplyList } from '@leadbell/shared/replies';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export const CANNED_REPLIES_QUERY_KEY = ['canned-replies'] as const;

export function getCannedReplies(signal?: AbortSignal) {
  return apiRequest<CannedReplyList>('/v1/canned-replies', { signal });
}

/** The team's canned replies, for the reply composer's picker (every member reads them). */
export function useCannedReplies({ isEnabled = true }: { isEnabled?: boolean } = {}) {
  return useQuery({
    queryKey: CANNED_REPLIES_QUERY_KEY,
    queryFn: ({ signal }) => getCannedReplies(signal),
    enabled: isEnabled,
  });
}
