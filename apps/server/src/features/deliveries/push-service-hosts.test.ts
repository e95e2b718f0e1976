import { describe, expect, it } from 'vitest';
import { isPushServiceAllowed } from './push-service-hosts.ts';

const HOSTS = ['fcm.googleapis.com', '*.push.apple.com', '127.0.0.1:8443'];

describe('push service hosts', () => {
  it('accepts a listed host and any subdomain of a wildcard entry', () => {
    expect(isPushServiceAllowed('https://fcm.googleapis.com/fcm/send/abc', HOSTS)).toBe(true);
    expect(isPushServiceAllowed('https://web.push.apple.com/QGx', HOSTS)).toBe(true);
    expect(isPushServiceAllowed('https://a.b.push.apple.com/QGx', HOSTS)).toBe(true);
    expect(isPushServiceAllowed('https://127.0.0.1:8443/push/1', HOSTS)).toBe(true);
    expect(isPushServiceAllowed('https://FCM.googleapis.com/x', HOSTS)).toBe(true);
  });

  it('refuses other hosts, look-alikes, other ports, credentials and plain http', () => {
    expect(isPushServiceAllowed('https://push.apple.com/x', HOSTS)).toBe(false);
    expect(isPushServiceAllowed('https://evilpush.apple.com.attacker.net/x', HOSTS)).toBe(false);
    expect(isPushServiceAllowed('https://fcm.googleapis.com.attacker.net/x', HOSTS)).toBe(false);
    expect(isPushServiceAllowed('https://xpush.apple.com/x', HOSTS)).toBe(false);
    expect(isPushServiceAllowed('https://fcm.googleapis.com:8443/x', HOSTS)).toBe(false);
    expect(isPushServiceAllowed('https://127.0.0.1/push/1', HOSTS)).toBe(false);
    expect(isPushServiceAllowed('https://user:pw@fcm.googleapis.com/x', HOSTS)).toBe(false);
    expect(isPushServiceAllowed('http://fcm.googleapis.com/x', HOSTS)).toBe(false);
    expect(isPushServiceAllowed('https://169.254.169.254/latest/meta-data', HOSTS)).toBe(false);
    expect(isPushServiceAllowed('not a url', HOSTS)).toBe(false);
  });
});
