import type { ApiKeySummary, UpdateApiKey } from '@leadbell/shared/api-keys';
import { apiRequest } from '../../../lib/api-client.ts';

/** Replaces the key's allowed origins; an empty list lets any website use it. */
export function updateApiKey(keyId: string, input: UpdateApiKey) {
  return apiRequest<ApiKeySummary>(`/v1/api-keys/${encodeURIComponent(keyId)}`, { method: 'PATCH', body: input });
}
