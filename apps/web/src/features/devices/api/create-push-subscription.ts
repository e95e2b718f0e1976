import type { CreatePushSubscription, Device } from '@leadbell/shared/devices';
import { apiRequest } from '../../../lib/api-client.ts';

/** Registers this browser's push subscription; the same endpoint again updates the same device. */
export function createPushSubscription(input: CreatePushSubscription) {
  return apiRequest<Device>('/v1/push-subscriptions', { method: 'POST', body: input });
}
