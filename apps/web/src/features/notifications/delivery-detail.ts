import type { DeliveryDetail } from '@leadbell/shared/notifications';

export type DeliveryDetailText = {
  /** Where it went: the device's name, or the mailbox. */
  target: string;
  tone: 'neutral' | 'success' | 'danger';
  /** Where it stands, e.g. "Delivered" or "Failed: Push service answered 410". */
  status: string;
  /** Why an email copy went out although nobody asked for one; null otherwise. */
  fallback: string | null;
};

const FALLBACKS: Record<NonNullable<DeliveryDetail['fallbackReason']>, string> = {
  no_device: 'Emailed because you have no device with notifications on',
  push_failed: 'Emailed because no device could be reached',
};

/** One row of a notification's delivery detail, worded for the owner. */
export function deliveryDetailText(detail: DeliveryDetail): DeliveryDetailText {
  const target =
    detail.channel === 'email'
      ? `Email to ${detail.recipient.email ?? detail.recipient.name ?? 'a team member'}`
      : detail.device
        ? (detail.device.label ?? 'Unnamed device')
        : 'A device that was removed since';
  const fallback = detail.fallbackReason ? FALLBACKS[detail.fallbackReason] : null;
  switch (detail.status) {
    case 'delivered':
      return {
        target,
        tone: 'success',
        status:
          detail.channel === 'push'
            ? detail.receivedAt
              ? 'Shown on the device'
              : 'Delivered to the push service'
            : 'Sent',
        fallback,
      };
    case 'failed':
      return { target, tone: 'danger', status: `Failed: ${detail.lastError ?? 'not delivered'}`, fallback };
    case 'pending':
      return {
        target,
        tone: 'neutral',
        status:
          detail.attempts > 0
            ? `Retrying (${detail.attempts} ${detail.attempts === 1 ? 'attempt' : 'attempts'} so far)`
            : 'Sending',
        fallback,
      };
  }
}
