import type { DeliverySummary } from '@leadbell/shared/notifications';

export type DeliveryStatus = {
  tone: 'neutral' | 'success' | 'danger';
  /** Short, shown in the row. */
  label: string;
  /** The counts behind it, for the tooltip and screen readers. */
  detail: string;
};

function plural(count: number, one: string, many: string) {
  return `${count} ${count === 1 ? one : many}`;
}

/** A notification row's delivery badge: accepted, delivered to N devices, or failed with the reason. */
export function deliveryStatusOf(delivery: DeliverySummary): DeliveryStatus {
  const counts = [
    delivery.delivered > 0 ? `${delivery.delivered} delivered` : null,
    delivery.failed > 0 ? `${delivery.failed} failed${delivery.reason ? ` (${delivery.reason})` : ''}` : null,
    delivery.pending > 0 ? `${delivery.pending} sending` : null,
  ]
    .filter(Boolean)
    .join(', ');
  switch (delivery.state) {
    case 'delivered':
      return {
        tone: 'success',
        label: `Delivered to ${plural(delivery.delivered, 'device', 'devices')}`,
        detail: `${counts}.`,
      };
    case 'failed':
      return { tone: 'danger', label: `Failed: ${delivery.reason ?? 'not delivered'}`, detail: `${counts}.` };
    case 'accepted':
      return {
        tone: 'neutral',
        label: 'Accepted',
        detail:
          delivery.pending > 0
            ? `Sending to ${plural(delivery.pending, 'device', 'devices')}.`
            : 'Stored. No device to send it to: turn notifications on in Account.',
      };
  }
}
