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
      : detail.channel === 'telegram'
        ? `Telegram to ${detail.recipient.name ?? 'a team member'}`
        : detail.channel === 'sms'
          ? `Text message to ${detail.recipient.name ?? 'a team member'}`
          : detail.channel === 'voice'
            ? `Phone call to ${detail.recipient.name ?? 'a team member'}`
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

export type MemberDeliveries = {
  /** The recipient's user id, or their name or email once the account is gone. */
  key: string;
  name: string;
  /** "delivered to iPhone and email", "sending", "not delivered". */
  summary: string;
  details: DeliveryDetail[];
};

function targetName(detail: DeliveryDetail): string {
  if (detail.channel === 'email') return 'email';
  if (detail.channel === 'telegram') return 'Telegram';
  if (detail.channel === 'sms') return 'text message';
  if (detail.channel === 'voice') return 'phone call';
  return detail.device?.label ?? 'a removed device';
}

function listed(items: string[]): string {
  if (items.length <= 1) return items[0] ?? '';
  return `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}

function summaryOf(details: DeliveryDetail[]): string {
  const delivered = details.filter((detail) => detail.status === 'delivered');
  if (delivered.length > 0) {
    const pushes = delivered.filter((detail) => detail.channel === 'push').map(targetName);
    const emails = delivered.some((detail) => detail.channel === 'email') ? ['email'] : [];
    const telegram = delivered.some((detail) => detail.channel === 'telegram') ? ['Telegram'] : [];
    const texts = delivered.some((detail) => detail.channel === 'sms') ? ['text message'] : [];
    const calls = delivered.some((detail) => detail.channel === 'voice') ? ['phone call'] : [];
    if (pushes.length > 0 || telegram.length > 0 || texts.length > 0 || calls.length > 0)
      return `delivered to ${listed([...pushes, ...emails, ...telegram, ...texts, ...calls])}`;
    return 'email';
  }
  return details.some((detail) => detail.status === 'pending') ? 'sending' : 'not delivered';
}

/**
 * A notification's deliveries by teammate, in the order they first appear, each with a one-line
 * summary: the detail reads "Ann: delivered to iPhone; Bo: email" (issue 11).
 */
export function deliveriesByMember(details: DeliveryDetail[]): MemberDeliveries[] {
  const groups = new Map<string, { name: string; details: DeliveryDetail[] }>();
  for (const detail of details) {
    const { userId, name, email } = detail.recipient;
    const key = userId ?? email ?? name ?? 'unknown';
    const group = groups.get(key) ?? { name: name ?? email ?? 'A former teammate', details: [] };
    group.details.push(detail);
    groups.set(key, group);
  }
  return [...groups].map(([key, group]) => ({ key, ...group, summary: summaryOf(group.details) }));
}
