import type { Device } from '@leadbell/shared/devices';

/**
 * Where a test push stands, told apart by the device's times against the moment the test was
 * queued: the push service's acceptance (`lastSuccessAt`) is not yet the device showing it
 * (`lastReceivedAt`, sent by its service worker).
 */
export type TestOutcome =
  | { kind: 'sending' }
  | { kind: 'pushed'; at: string }
  | { kind: 'received'; at: string }
  | { kind: 'failed'; at: string; reason: string }
  /** The device is no longer listed: the push service said the subscription is gone (404/410). */
  | { kind: 'removed' };

type OutcomeInput = {
  /** The server's clock when the test was queued. */
  sentAt: string;
  /** The device the test went to: undefined while the list loads, null once it is not listed. */
  device: Device | null | undefined;
  /** When one of the user's devices confirmed a push (the checklist's test step). */
  confirmedAt: string | null;
};

function isAtOrAfter(time: string | null, since: number): time is string {
  return time !== null && Date.parse(time) >= since;
}

export function testOutcomeOf({ sentAt, device, confirmedAt }: OutcomeInput): TestOutcome {
  const since = Date.parse(sentAt);
  if (device && isAtOrAfter(device.lastReceivedAt, since)) return { kind: 'received', at: device.lastReceivedAt };
  if (isAtOrAfter(confirmedAt, since)) return { kind: 'received', at: confirmedAt };
  if (device === null) return { kind: 'removed' };
  if (!device) return { kind: 'sending' };
  const pushedAt = isAtOrAfter(device.lastSuccessAt, since) ? device.lastSuccessAt : null;
  // A failure after a success belongs to a later push; a success after a failure is a retry that worked.
  if (
    isAtOrAfter(device.lastFailureAt, since) &&
    (!pushedAt || Date.parse(pushedAt) < Date.parse(device.lastFailureAt))
  )
    return {
      kind: 'failed',
      at: device.lastFailureAt,
      reason: device.lastFailureReason ?? 'The push service refused it.',
    };
  if (pushedAt) return { kind: 'pushed', at: pushedAt };
  return { kind: 'sending' };
}

/** Whether the outcome can still change by itself (worth polling for). */
export function isOutcomePending(outcome: TestOutcome): boolean {
  return outcome.kind === 'sending' || outcome.kind === 'pushed';
}
