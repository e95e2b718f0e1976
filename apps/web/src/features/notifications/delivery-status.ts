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

/**
 * A notification row's delivery badge: accepted, delivered, or failed with the reason. Deliveries
 * go to devices and mailboxes (email copies), so the label does not say "devices"; the row's
 * Details list each one.
 */
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
        label: delivery.failed > 0 ? `Delivered, ${delivery.failed} failed` : 'Delivered',
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
            ? `Sending: ${plural(delivery.pending, 'delivery', 'deliveries')} on the way.`
            : 'Stored. Nowhere to send it: turn notifications on in Account.',
      };
  }
}
