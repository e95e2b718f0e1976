import type { AlertStatus } from '@leadbell/shared/setup';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  ALERTING_WARNING_QUIET_MS,
  alertChannelsText,
  alertingWarning,
  dismissAlertingWarning,
  isAlertingWarningDismissed,
} from './alert-status.ts';

function status(alerting: Partial<AlertStatus>): AlertStatus {
  return { channels: [], deviceCount: 0, workingDeviceCount: 0, emailCopies: false, ...alerting };
}

describe('alert status › what the banner, the checklist and the lead card say', () => {
  it('names every channel a lead reaches the person by, devices counted', () => {
    expect(alertChannelsText(status({ channels: ['email'] }))).toBe('email');
    expect(alertChannelsText(status({ channels: ['push', 'email'], deviceCount: 2, workingDeviceCount: 1 }))).toBe(
      'push on 1 device and email',
    );
    expect(
      alertChannelsText(
        status({ channels: ['push', 'email', 'telegram', 'sms'], deviceCount: 3, workingDeviceCount: 3 }),
      ),
    ).toBe('push on 3 devices, email, Telegram and text message');
  });

  it('says nothing and warns nothing the same way: no channel is a warning, any channel none', () => {
    expect(alertChannelsText(status({}))).toBeNull();
    expect(alertingWarning(status({ channels: ['email'] }))).toBeNull();
  });

  it('words the warning by the devices the person has', () => {
    expect(alertingWarning(status({ deviceCount: 2 }))).toBe(
      'None of your devices has confirmed it gets notifications, and email copies are off.',
    );
    expect(alertingWarning(status({ deviceCount: 0 }))).toBe(
      'No phone or computer of yours has notifications turned on, and email copies are off.',
    );
  });
});

describe('alert status › the banner dismissed for a week', () => {
  const store = new Map<string, string>();
  beforeEach(() => {
    store.clear();
    globalThis.localStorage = {
      getItem: (key: string) => store.get(key) ?? null,
      setItem: (key: string, value: string) => void store.set(key, value),
    } as Storage;
  });
  afterEach(() => {
    Reflect.deleteProperty(globalThis, 'localStorage');
  });

  it('stays dismissed for a week, then shows again', () => {
    const at = Date.parse('2026-11-29T10:00:00Z');
    expect(isAlertingWarningDismissed(at)).toBe(false);
    dismissAlertingWarning(at);
    expect(isAlertingWarningDismissed(at + ALERTING_WARNING_QUIET_MS - 1)).toBe(true);
    expect(isAlertingWarningDismissed(at + ALERTING_WARNING_QUIET_MS)).toBe(false);
  });
});
