import type { DeliverySummary } from '@leadbell/shared/notifications';
import { CircleAlert, CircleCheck, Clock } from 'lucide-react';
import { Badge } from '../../../components/ui/badge.tsx';
import { deliveryStatusOf } from '../delivery-status.ts';

const ICONS = { neutral: Clock, success: CircleCheck, danger: CircleAlert } as const;

/** Where a notification's deliveries stand; the counts behind it are in the tooltip and for screen readers. */
export function DeliveryStatusBadge({ delivery }: { delivery: DeliverySummary }) {
  const status = deliveryStatusOf(delivery);
  const Icon = ICONS[status.tone];
  return (
    <Badge
      tone={status.tone}
      title={status.detail}
      // A failure's reason can be long: it wraps; the other labels stay on one line.
      className={status.tone === 'danger' ? 'rounded-lg whitespace-normal' : 'whitespace-nowrap'}
    >
      <Icon aria-hidden="true" />
      <span className="sr-only">Delivery: </span>
      <span className="break-words">{status.label}</span>
      <span className="sr-only"> ({status.detail})</span>
    </Badge>
  );
}
