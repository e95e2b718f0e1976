import { describe, expect, it } from 'vitest';
import { thisDeviceStatus } from './this-device-status.ts';

const ENDPOINT = 'https://fcm.googleapis.com/fcm/send/abc';
const registered = {
  support: 'supported',
  permission: 'granted',
  endpoint: ENDPOINT,
  remembered: { endpoint: ENDPOINT, deviceId: 'd1' },
  deviceIds: new Set(['d1']),
  pending: null,
} as const;

describe('thisDeviceStatus', () => {
  it('devices › a subscription this page registered and the server lists is on', () => {
    expect(thisDeviceStatus(registered)).toEqual({ kind: 'on', deviceId: 'd1' });
  });

  it('devices › unsupported browsers and iOS tabs say so before anything else', () => {
    expect(thisDeviceStatus({ ...registered, support: 'unsupported' })).toEqual({ kind: 'unsupported' });
    expect(thisDeviceStatus({ ...registered, support: 'ios-install' })).toEqual({ kind: 'ios-install' });
  });

  it('devices › checking until both the browser and the server answered', () => {
    expect(thisDeviceStatus({ ...registered, endpoint: undefined })).toEqual({ kind: 'checking' });
    expect(thisDeviceStatus({ ...registered, deviceIds: undefined })).toEqual({ kind: 'checking' });
  });

  it('devices › blocked notifications read as denied', () => {
    expect(thisDeviceStatus({ ...registered, permission: 'denied' })).toEqual({ kind: 'denied' });
  });

  it('devices › removed on the server (another device, or a 410) is off here too', () => {
    expect(thisDeviceStatus({ ...registered, deviceIds: new Set(['other']) })).toEqual({ kind: 'off' });
  });

  it('devices › a subscription the browser replaced, or never had, is off', () => {
    expect(thisDeviceStatus({ ...registered, endpoint: `${ENDPOINT}-new` })).toEqual({ kind: 'off' });
    expect(thisDeviceStatus({ ...registered, endpoint: null })).toEqual({ kind: 'off' });
    expect(thisDeviceStatus({ ...registered, remembered: null })).toEqual({ kind: 'off' });
    expect(thisDeviceStatus({ ...registered, permission: 'default' })).toEqual({ kind: 'off' });
  });

  it('devices › when the list failed to load, the remembered registration is trusted', () => {
    expect(thisDeviceStatus({ ...registered, deviceIds: null })).toEqual({ kind: 'on', deviceId: 'd1' });
  });

  it('devices › an operation in flight wins', () => {
    expect(thisDeviceStatus({ ...registered, pending: 'subscribing' })).toEqual({ kind: 'subscribing' });
    expect(thisDeviceStatus({ ...registered, pending: 'turning-off' })).toEqual({
      kind: 'turning-off',
      deviceId: 'd1',
    });
  });
});
