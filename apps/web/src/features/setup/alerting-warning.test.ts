import type { SetupStatus } from '@leadbell/shared/setup';
import { describe, expect, it } from 'vitest';
import { alertingWarning } from './alerting-warning.ts';

function status(alerting: Partial<SetupStatus['alerting']>, deviceCount = 0): Pick<SetupStatus, 'alerting' | 'steps'> {
  return {
    alerting: { willBeAlerted: false, workingDeviceCount: 0, emailCopies: false, canSendEmail: true, ...alerting },
    steps: {
      device: { isDone: deviceCount > 0, deviceCount },
      test: { isDone: false, confirmedAt: null },
      connect: { isDone: false, flowId: null },
      firstLead: { isDone: false, at: null, flowId: null },
    },
  };
}

describe('alerting warning', () => {
  it('says nothing when the user will be alerted', () => {
    expect(alertingWarning(status({ willBeAlerted: true }))).toBeNull();
  });

  it('names unconfirmed devices and email copies turned off', () => {
    expect(alertingWarning(status({ emailCopies: false }, 2))).toBe(
      'None of your devices has confirmed it gets notifications, and email copies are off.',
    );
  });

  it('names a server without email when there is no device at all', () => {
    expect(alertingWarning(status({ emailCopies: true, canSendEmail: false }, 0))).toBe(
      'No phone or computer of yours has notifications turned on, and this server cannot send email.',
    );
  });

  it('still gives a reason when the server says no alert although copies are on', () => {
    expect(alertingWarning(status({ emailCopies: true, canSendEmail: true }, 1))).toBe(
      'None of your devices has confirmed it gets notifications, and no email would reach you.',
    );
  });
});
