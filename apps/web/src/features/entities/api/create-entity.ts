import type { CreateEntity, Entity } from '@leadbell/shared/entities';
import { apiRequest } from '../../../lib/api-client.ts';

export function createEntity(input: CreateEntity) {
  return apiRequest<Entity>('/v1/entities', { method: 'POST', body: input });
}
