import type { ApiKeySecret } from '@leadbell/shared/api-keys';
import { apiRequest } from '../../../lib/api-client.ts';

/** The full key, fetched only when it is copied so it never sits in the page or the query cache. */
export function getApiKeySecret(keyId: string) {
  return apiRequest<ApiKeySecret>(`/v1/api-keys/${encodeURIComponent(keyId)}/secret`);
}
