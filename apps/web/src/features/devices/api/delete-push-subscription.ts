import { ApiError, apiRequest } from '../../../lib/api-client.ts';

/** Stops notifications to a device. A device already gone (404) is what was asked for. */
export async function deletePushSubscription(deviceId: string): Promise<void> {
  try {
    await apiRequest<void>(`/v1/push-subscriptions/${encodeURIComponent(deviceId)}`, { method: 'DELETE' });
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return;
    throw error;
  }
}
