import type { BusinessHours } from '@leadbell/shared/business-hours';
import type { Entity } from '@leadbell/shared/entities';
import { apiRequest } from '../../../lib/api-client.ts';

/** Sets the entity's time zone and weekly schedule (null: always open); admins only. */
export function updateBusinessHours(entityId: string, { timeZone, schedule }: BusinessHours) {
  return apiRequest<Entity>(`/v1/entities/${encodeURIComponent(entityId)}`, {
    method: 'PATCH',
    body: { timeZone, businessHours: schedule },
  });
}
