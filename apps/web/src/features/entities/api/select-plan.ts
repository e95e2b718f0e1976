import type { Entity, SelectPlan } from '@leadbell/shared/entities';
import { apiRequest } from '../../../lib/api-client.ts';

/** Sets the entity's plan; the first plan also issues the entity's first API key. */
export function selectPlan(entityId: string, input: SelectPlan) {
  return apiRequest<Entity>(`/v1/entities/${encodeURIComponent(entityId)}/plan`, { method: 'PUT', body: input });
}
