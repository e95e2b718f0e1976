import { describe, expect, it } from 'vitest';
import { pushSupportOf, type PushEnvironment } from './push-support.ts';

const CHROME_ANDROID =
  'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Mobile Safari/537.36';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
const SAFARI_IPAD_AS_MAC =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15';

const capable: PushEnvironment = {
  userAgent: CHROME_ANDROID,
  maxTouchPoints: 5,
  hasServiceWorker: true,
  hasPushManager: true,
  hasNotification: true,
  isStandalone: false,
};

describe('pushSupportOf', () => {
  it('devices › a browser with service workers, PushManager and Notification is supported', () => {
    expect(pushSupportOf(capable)).toBe('supported');
  });

  it('devices › a browser missing any of them is unsupported', () => {
    expect(pushSupportOf({ ...capable, hasPushManager: false })).toBe('unsupported');
    expect(pushSupportOf({ ...capable, hasServiceWorker: false })).toBe('unsupported');
    expect(pushSupportOf({ ...capable, hasNotification: false })).toBe('unsupported');
  });

  it('devices › iPhone Safari in a tab is asked to add Leadbell to the Home Screen', () => {
    expect(pushSupportOf({ ...capable, userAgent: SAFARI_IPHONE, hasPushManager: false, hasNotification: false })).toBe(
      'ios-install',
    );
  });

  it('devices › an iPad reporting a Mac user agent is recognised by its touch screen', () => {
    expect(pushSupportOf({ ...capable, userAgent: SAFARI_IPAD_AS_MAC, hasPushManager: false })).toBe('ios-install');
    expect(pushSupportOf({ ...capable, userAgent: SAFARI_IPAD_AS_MAC, maxTouchPoints: 0 })).toBe('supported');
  });

  it('devices › the Home Screen app on iOS 16.4+ is supported, before 16.4 it is not', () => {
    expect(pushSupportOf({ ...capable, userAgent: SAFARI_IPHONE, isStandalone: true })).toBe('supported');
    expect(pushSupportOf({ ...capable, userAgent: SAFARI_IPHONE, isStandalone: true, hasPushManager: false })).toBe(
      'unsupported',
    );
  });
});
