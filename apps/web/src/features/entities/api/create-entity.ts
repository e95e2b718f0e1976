import type { CreateEntity, Entity } from '@leadbell/shared/entities';
import { apiRequest } from '../../../lib/api-client.ts';

/**
 * Creates the business in the owner's own time zone, which business hours and digests are read
 * in; with the browser's locale, the server guesses its country and currency from both.
 */
export function createEntity(input: CreateEntity) {
  const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return apiRequest<Entity>('/v1/entities', {
    method: 'POST',
    body: { ...input, ...(timeZone && { timeZone }), locale: navigator.language },
  });
}
