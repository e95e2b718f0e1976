import { ApiError, NetworkError, errorMessage } from '../../lib/api-client.ts';

/** A step of turning notifications on that failed outside the browser's own push API. */
export class PushSetupError extends Error {
  readonly reason: 'timeout' | 'no-service-worker';

  constructor(reason: PushSetupError['reason']) {
    super(reason);
    this.name = 'PushSetupError';
    this.reason = reason;
  }
}

const UNREACHABLE =
  'The push service could not be reached, so this device can’t get notifications yet. Check your connection and try again. Private and guest windows can’t receive notifications.';

/** A message the owner can act on, for anything that failed while turning notifications on or off. */
export function pushErrorMessage(error: unknown): string {
  if (error instanceof PushSetupError) {
    return error.reason === 'timeout'
      ? 'The push service didn’t answer in time, so this device can’t get notifications yet. Check your connection and try again.'
      : 'Leadbell’s notification worker isn’t running in this tab. Reload the page and try again.';
  }
  if (error instanceof ApiError && error.code === 'push_service_not_allowed') {
    return 'This browser uses a push service Leadbell doesn’t deliver to. Try Chrome, Edge, Firefox or Safari.';
  }
  if (error instanceof ApiError || error instanceof NetworkError) return errorMessage(error);
  if (error instanceof DOMException) {
    switch (error.name) {
      case 'NotAllowedError':
        return 'Notifications are blocked for Leadbell in this browser.';
      case 'InvalidStateError':
        return 'Leadbell’s notification worker isn’t ready yet. Reload the page and try again.';
      case 'InvalidAccessError':
        return 'This browser refused Leadbell’s notification key. Reload the page and try again.';
      default:
        // AbortError, NetworkError, NotSupportedError: the browser could not register with its push service.
        return UNREACHABLE;
    }
  }
  return 'Notifications could not be turned on. Please try again.';
}
