import type { ApiKeySummary, CreateApiKey } from '@leadbell/shared/api-keys';
import { apiRequest } from '../../../lib/api-client.ts';

export function createApiKey({ label, allowedOrigins }: CreateApiKey) {
  return apiRequest<ApiKeySummary>('/v1/api-keys', {
    method: 'POST',
    body: { ...(label ? { label } : {}), ...(allowedOrigins?.length ? { allowedOrigins } : {}) },
  });
}
