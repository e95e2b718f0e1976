import type { CreateEntity, Entity } from '@leadbell/shared/entities';
import { apiRequest } from '../../../lib/api-client.ts';

/** Creates the business in the owner's own time zone, which business hours and digests are read in. */
export function createEntity(input: CreateEntity) {
  const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return apiRequest<Entity>('/v1/entities', { method: 'POST', body: { ...input, ...(timeZone && { timeZone }) } });
}
