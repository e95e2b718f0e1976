import { apiRequest } from '../../../lib/api-client.ts';

/** Forgets the business's caller ID: customers see Leadbell's number again. */
export function removeCallerId(entityId: string) {
  return apiRequest<void>(`/v1/entities/${entityId}/caller-id`, { method: 'DELETE' });
}
