import type { ApiKeyList } from '@leadbell/shared/api-keys';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export const API_KEYS_QUERY_KEY = ['api-keys'] as const;

export function getApiKeys(signal?: AbortSignal) {
  return apiRequest<ApiKeyList>('/v1/api-keys', { signal });
}

export function useApiKeys() {
  return useQuery({ queryKey: API_KEYS_QUERY_KEY, queryFn: ({ signal }) => getApiKeys(signal) });
}
