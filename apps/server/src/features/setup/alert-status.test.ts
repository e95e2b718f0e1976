import { describe, expect, it } from 'vitest';
import { alertChannelsOf, type AlertRecords } from './alert-status.ts';

const NEW_USER: AlertRecords = {
  deviceCount: 0,
  failingDeviceCount: 0,
  workingDeviceCount: 0,
  emailCopies: true,
  hasTelegram: false,
  hasSms: false,
};

describe('alert status › the channels a new lead reaches a person by', () => {
  it('a new user with no device is emailed', () => {
    expect(alertChannelsOf(NEW_USER)).toEqual(['email']);
    // With copies turned off and no device, email is still the fallback.
    expect(alertChannelsOf({ ...NEW_USER, emailCopies: false })).toEqual(['email']);
  });

  it('a confirmed device rings; email only while copies are on', () => {
    const confirmed = { ...NEW_USER, deviceCount: 1, workingDeviceCount: 1 };
    expect(alertChannelsOf(confirmed)).toEqual(['push', 'email']);
    expect(alertChannelsOf({ ...confirmed, emailCopies: false })).toEqual(['push']);
  });

  it('nothing reaches a person whose only device never confirmed and who turned copies off', () => {
    expect(alertChannelsOf({ ...NEW_USER, deviceCount: 1, emailCopies: false })).toEqual([]);
  });

  it('every device failing falls back to email whatever the choice', () => {
    const failing = { ...NEW_USER, deviceCount: 2, failingDeviceCount: 2, emailCopies: false };
    expect(alertChannelsOf(failing)).toEqual(['email']);
    expect(alertChannelsOf({ ...failing, failingDeviceCount: 1, workingDeviceCount: 1 })).toEqual(['push']);
  });

  it('Telegram and texts come after push and email, each when on', () => {
    expect(
      alertChannelsOf({
        ...NEW_USER,
        deviceCount: 1,
        workingDeviceCount: 1,
        emailCopies: false,
        hasTelegram: true,
        hasSms: true,
      }),
    ).toEqual(['push', 'telegram', 'sms']);
    expect(alertChannelsOf({ ...NEW_USER, deviceCount: 1, emailCopies: false, hasSms: true })).toEqual(['sms']);
  });
});
