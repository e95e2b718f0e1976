import type { Entity, UpdateEntity } from '@leadbell/shared/entities';
import { apiRequest } from '../../../lib/api-client.ts';

/** Changes the business's settings (admins only); left-out settings stay as they are. */
export function updateEntity(entityId: string, update: UpdateEntity) {
  return apiRequest<Entity>(`/v1/entities/${encodeURIComponent(entityId)}`, { method: 'PATCH', body: update });
}
