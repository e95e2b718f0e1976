import { PushSetupError } from './push-error-message.ts';
import { withTimeout } from './with-timeout.ts';

/** How long an installed worker may take to activate before subscribing gives up. */
const ACTIVATE_TIMEOUT_MS = 10_000;

let registration: Promise<ServiceWorkerRegistration> | null = null;

/**
 * Registers the push service worker (built to /sw.js) once per page. Only the console calls this:
 * public pages have nothing to receive. `updateViaCache: 'none'` fetches a new sw.js on every check.
 */
export function registerServiceWorker(): Promise<ServiceWorkerRegistration> | null {
  if (!('serviceWorker' in navigator)) return null;
  if (!registration) {
    registration = navigator.serviceWorker.register('/sw.js', { scope: '/', updateViaCache: 'none' });
    // Failures surface where the worker is needed (turning notifications on), not as an unhandled rejection.
    registration.catch(() => undefined);
  }
  return registration;
}

/** The registration once its worker is active: subscribing needs an active worker. */
export async function activeServiceWorker(): Promise<ServiceWorkerRegistration> {
  const pending = registerServiceWorker();
  if (!pending) throw new PushSetupError('no-service-worker');
  try {
    await pending;
  } catch {
    throw new PushSetupError('no-service-worker');
  }
  return withTimeout(navigator.serviceWorker.ready, ACTIVATE_TIMEOUT_MS, 'no-service-worker');
}
