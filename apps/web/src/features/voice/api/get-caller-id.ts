import type { CallerId } from '@leadbell/shared/voice';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export const callerIdQueryKey = (entityId: string) => ['caller-id', entityId] as const;

export function getCallerId(entityId: string, signal?: AbortSignal) {
  return apiRequest<CallerId>(`/v1/entities/${entityId}/caller-id`, { signal });
}

// While Twilio's verification call rings, its outcome arrives on the server by callback: ask again until it does.
const PENDING_POLL_MS = 3_000;

/** The business's caller ID: its verified number, the one being verified, and the server's own. */
export function useCallerId(entityId: string) {
  return useQuery({
    queryKey: callerIdQueryKey(entityId),
    queryFn: ({ signal }) => getCallerId(entityId, signal),
    refetchInterval: (query) => (query.state.data?.verification?.status === 'pending' ? PENDING_POLL_MS : false),
  });
}
