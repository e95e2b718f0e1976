import { describe, expect, it } from 'vitest';
import { pushServiceName } from './push-service-name.ts';

describe('pushServiceName', () => {
  it('devices › known push services name their platform', () => {
    expect(pushServiceName('fcm.googleapis.com')).toBe('Google (Chrome, Android)');
    expect(pushServiceName('web.push.apple.com')).toBe('Apple (Safari, iPhone)');
    expect(pushServiceName('updates.push.services.mozilla.com')).toBe('Mozilla (Firefox)');
    expect(pushServiceName('wns2-par02p.notify.windows.com')).toBe('Microsoft (Edge, Windows)');
  });

  it('devices › a lookalike host is not taken for a known service', () => {
    expect(pushServiceName('evilgoogleapis.com')).toBe('evilgoogleapis.com');
  });

  it('devices › an unknown host is shown as it is', () => {
    expect(pushServiceName('127.0.0.1:4443')).toBe('127.0.0.1:4443');
  });
});
