import { apiRequest } from '../../../lib/api-client.ts';

/** Revokes the key; requests signed with it are refused from now on. */
export function revokeApiKey(keyId: string) {
  return apiRequest<void>(`/v1/api-keys/${encodeURIComponent(keyId)}`, { method: 'DELETE' });
}
