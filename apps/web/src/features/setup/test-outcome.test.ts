import type { Device } from '@leadbell/shared/devices';
import { describe, expect, it } from 'vitest';
import { isOutcomePending, testOutcomeOf } from './test-outcome.ts';

const SENT_AT = '2026-11-23T10:00:00.000Z';
const BEFORE = '2026-11-23T09:59:00.000Z';
const AFTER = '2026-11-23T10:00:02.000Z';
const LATER = '2026-11-23T10:00:05.000Z';

function device(times: Partial<Device> = {}): Device {
  return {
    id: 'd1',
    label: 'Chrome on Android',
    pushService: 'fcm.googleapis.com',
    createdAt: BEFORE,
    lastSuccessAt: null,
    lastFailureAt: null,
    lastFailureReason: null,
    consecutiveFailures: 0,
    isFailing: false,
    lastReceivedAt: null,
    ...times,
  };
}

describe('test notification outcome', () => {
  it('is sending while the device shows nothing newer than the test', () => {
    const outcome = testOutcomeOf({
      sentAt: SENT_AT,
      device: device({ lastSuccessAt: BEFORE, lastReceivedAt: BEFORE }),
      confirmedAt: BEFORE,
    });
    expect(outcome).toEqual({ kind: 'sending' });
    expect(isOutcomePending(outcome)).toBe(true);
  });

  it('is sending while the device list is still loading', () => {
    expect(testOutcomeOf({ sentAt: SENT_AT, device: undefined, confirmedAt: null })).toEqual({ kind: 'sending' });
  });

  it('is pushed once the push service took it, before the device confirms', () => {
    const outcome = testOutcomeOf({ sentAt: SENT_AT, device: device({ lastSuccessAt: AFTER }), confirmedAt: null });
    expect(outcome).toEqual({ kind: 'pushed', at: AFTER });
    expect(isOutcomePending(outcome)).toBe(true);
  });

  it('is received once the device confirmed after the test was sent', () => {
    const outcome = testOutcomeOf({
      sentAt: SENT_AT,
      device: device({ lastSuccessAt: AFTER, lastReceivedAt: LATER }),
      confirmedAt: null,
    });
    expect(outcome).toEqual({ kind: 'received', at: LATER });
    expect(isOutcomePending(outcome)).toBe(false);
  });

  it('is received when the checklist says a device confirmed after the test, even before the list refreshed', () => {
    expect(testOutcomeOf({ sentAt: SENT_AT, device: device(), confirmedAt: LATER })).toEqual({
      kind: 'received',
      at: LATER,
    });
  });

  it('is failed with the reason when the push service refused it', () => {
    const outcome = testOutcomeOf({
      sentAt: SENT_AT,
      device: device({ lastFailureAt: AFTER, lastFailureReason: 'Push service answered 403' }),
      confirmedAt: null,
    });
    expect(outcome).toEqual({ kind: 'failed', at: AFTER, reason: 'Push service answered 403' });
    expect(isOutcomePending(outcome)).toBe(false);
  });

  it('is pushed when a retry succeeded after a failure', () => {
    expect(
      testOutcomeOf({
        sentAt: SENT_AT,
        device: device({ lastFailureAt: AFTER, lastFailureReason: 'timeout', lastSuccessAt: LATER }),
        confirmedAt: null,
      }),
    ).toEqual({ kind: 'pushed', at: LATER });
  });

  it('ignores a failure from before the test', () => {
    expect(
      testOutcomeOf({
        sentAt: SENT_AT,
        device: device({ lastFailureAt: BEFORE, lastFailureReason: 'old' }),
        confirmedAt: null,
      }),
    ).toEqual({ kind: 'sending' });
  });

  it('is removed when the device is no longer listed (the push service said it is gone)', () => {
    expect(testOutcomeOf({ sentAt: SENT_AT, device: null, confirmedAt: null })).toEqual({ kind: 'removed' });
  });
});
