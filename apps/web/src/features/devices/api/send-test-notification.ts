import type { TestNotificationResult } from '@leadbell/shared/devices';
import { apiRequest } from '../../../lib/api-client.ts';

/** Queues a test notification to one device, through the same queue as real ones. */
export function sendTestNotification(deviceId: string) {
  return apiRequest<TestNotificationResult>(`/v1/push-subscriptions/${encodeURIComponent(deviceId)}/test`, {
    method: 'POST',
  });
}
