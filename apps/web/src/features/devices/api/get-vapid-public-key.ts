import type { VapidPublicKey } from '@leadbell/shared/devices';
import { apiRequest } from '../../../lib/api-client.ts';

/** The server's VAPID public key: browsers tie a push subscription to it. */
export function getVapidPublicKey() {
  return apiRequest<VapidPublicKey>('/v1/push/vapid-public-key');
}
