import type { RememberedDevice } from './this-device-status.ts';

const STORAGE_KEY = 'leadbell.push-device';

/**
 * The server lists devices without their endpoints, so this browser remembers which device id its
 * own subscription was registered as.
 */
export function readRememberedDevice(): RememberedDevice | null {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? 'null');
    if (typeof value !== 'object' || value === null) return null;
    const { endpoint, deviceId } = value as Record<string, unknown>;
    return typeof endpoint === 'string' && typeof deviceId === 'string' ? { endpoint, deviceId } : null;
  } catch {
    return null;
  }
}

export function rememberDevice(device: RememberedDevice): void {
  localStorage.setItem(STORAGE_KEY, JSON.stringify(device));
}

export function forgetRememberedDevice(): void {
  localStorage.removeItem(STORAGE_KEY);
}
