import { describe, expect, it } from 'vitest';
import { ApiError, NETWORK_ERROR_MESSAGE, NetworkError } from '../../lib/api-client.ts';
import { PushSetupError, pushErrorMessage } from './push-error-message.ts';

describe('pushErrorMessage', () => {
  it('push › a browser that cannot reach its push service says so', () => {
    expect(pushErrorMessage(new DOMException('Registration failed - push service error', 'AbortError'))).toMatch(
      /^The push service could not be reached/,
    );
  });

  it('push › a push service that never answers says so', () => {
    expect(pushErrorMessage(new PushSetupError('timeout'))).toMatch(/^The push service didn’t answer in time/);
  });

  it('push › blocked permission and a missing worker have their own messages', () => {
    expect(pushErrorMessage(new DOMException('denied', 'NotAllowedError'))).toBe(
      'Notifications are blocked for Leadbell in this browser.',
    );
    expect(pushErrorMessage(new PushSetupError('no-service-worker'))).toMatch(/Reload the page/);
  });

  it('push › server answers keep their message, an unlisted push service is explained', () => {
    expect(pushErrorMessage(new ApiError(400, 'push_service_not_allowed', 'Push service not allowed.'))).toMatch(
      /push service Leadbell doesn’t deliver to/,
    );
    expect(pushErrorMessage(new ApiError(409, 'entity_required', 'Create an entity first.'))).toBe(
      'Create an entity first.',
    );
    expect(pushErrorMessage(new NetworkError())).toBe(NETWORK_ERROR_MESSAGE);
  });

  it('push › anything else still reads as a sentence', () => {
    expect(pushErrorMessage(new Error('boom'))).toBe('Notifications could not be turned on. Please try again.');
  });
});
