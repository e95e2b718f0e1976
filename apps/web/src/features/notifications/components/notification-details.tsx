import type { DeliveryDetail, Notification } from '@leadbell/shared/notifications';
import { CircleAlert, CircleCheck, Clock, Mail, MessageSquareText, Phone, Send, Smartphone } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogContent, DialogTrigger } from '../../../components/ui/dialog.tsx';
import { ErrorState, LoadingState } from '../../../components/ui/state.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { formatDateTime } from '../../../lib/format-date.ts';
import { useDeliveries } from '../api/get-deliveries.ts';
import { deliveriesByMember, deliveryDetailText } from '../delivery-detail.ts';

const SOURCES: Record<Notification['source'], string> = {
  api: 'the API',
  form: 'a form',
  hook: 'a webhook',
};

const TONE_ICONS = { neutral: Clock, success: CircleCheck, danger: CircleAlert } as const;

/** Every field of a notification and where each delivery stands, behind a "Details" button of its row. */
export function NotificationDetails({ notification }: { notification: Notification }) {
  const [isOpen, setIsOpen] = useState(false);
  return (
    <Dialog open={isOpen} onOpenChange={setIsOpen}>
      <DialogTrigger asChild>
        {/* Named by aria-label, so the title is not a second text match on the page. */}
        <Button variant="secondary" size="sm" aria-label={`Details of ${notification.title}`}>
          Details
        </Button>
      </DialogTrigger>
      <DialogContent
        title={notification.title}
        description={
          <>
            Received <time dateTime={notification.createdAt}>{formatDateTime(notification.createdAt)}</time> through{' '}
            {SOURCES[notification.source]}.
          </>
        }
        className="max-w-lg"
      >
        {isOpen ? <DetailsBody notification={notification} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function DetailsBody({ notification }: { notification: Notification }) {
  const fields = Object.entries(notification.data ?? {});
  const shortened = new Set(notification.shortenedFields);
  return (
    <div className="grid min-w-0 gap-5 text-sm">
      {notification.isTest || notification.isHeld ? (
        <p className="flex flex-wrap gap-2">
          {notification.isTest ? <Badge tone="brand">Test</Badge> : null}
          {notification.isHeld ? <Badge tone="warning">Held</Badge> : null}
        </p>
      ) : null}
      <section aria-label="Message" className="grid gap-1">
        <h3 className="text-xs font-semibold tracking-wide text-slate-500 uppercase">Message</h3>
        <p dir="auto" className="whitespace-pre-line text-slate-800 [overflow-wrap:anywhere]">
          {notification.message}
        </p>
      </section>
      <section aria-label="Fields" className="grid gap-2">
        <h3 className="text-xs font-semibold tracking-wide text-slate-500 uppercase">
          Fields {fields.length > 0 ? `(${fields.length})` : null}
        </h3>
        {fields.length === 0 ? (
          <p className="text-slate-500">The website sent no fields.</p>
        ) : (
          <dl className="grid gap-2 rounded-lg border border-slate-200 p-3">
            {fields.map(([name, value]) => (
              <div key={name} className="grid gap-0.5 sm:grid-cols-[9rem_minmax(0,1fr)] sm:gap-3">
                <dt dir="auto" className="font-medium text-slate-500 [overflow-wrap:anywhere]">
                  {name}
                </dt>
                <dd dir="auto" className="whitespace-pre-line text-slate-900 [overflow-wrap:anywhere]">
                  {String(value)}
                  {shortened.has(name) ? (
                    <Badge tone="warning" className="ml-2 align-middle" title="Cut to the field limit">
                      shortened
                    </Badge>
                  ) : null}
                </dd>
              </div>
            ))}
          </dl>
        )}
        {notification.pageUrl ? (
          <p className="text-slate-500">
            Sent from <span className="text-slate-700 [overflow-wrap:anywhere]">{notification.pageUrl}</span>
          </p>
        ) : null}
      </section>
      <section aria-label="Delivery" className="grid gap-2">
        <h3 className="text-xs font-semibold tracking-wide text-slate-500 uppercase">Delivery</h3>
        {notification.isHeld ? (
          <p className="text-slate-600">Held: not delivered until you choose a larger plan.</p>
        ) : (
          <DeliveryList notificationId={notification.id} />
        )}
      </section>
    </div>
  );
}

function DeliveryList({ notificationId }: { notificationId: string }) {
  const deliveries = useDeliveries(notificationId);
  if (deliveries.isPending) return <LoadingState label="Loading deliveries…" className="py-4" />;
  if (deliveries.isError) {
    return (
      <ErrorState
        message={errorMessage(deliveries.error, 'Failed to load the deliveries.')}
        onRetry={() => void deliveries.refetch()}
        isRetrying={deliveries.isFetching}
        quiet
      />
    );
  }
  if (deliveries.data.data.length === 0) {
    return <p className="text-slate-500">Not sent anywhere: nobody had a device or email copies on.</p>;
  }
  const members = deliveriesByMember(deliveries.data.data);
  return (
    <ul className="grid gap-3">
      {members.map((member) => (
        <li key={member.key} className="grid gap-1.5">
          <p className="text-slate-700">
            <strong className="font-semibold text-slate-900">{member.name}</strong>: {member.summary}
          </p>
          <ul
            aria-label={`Deliveries to ${member.name}`}
            className="grid divide-y divide-slate-100 rounded-lg border border-slate-200"
          >
            {member.details.map((detail) => (
              <DeliveryRow key={detail.id} detail={detail} />
            ))}
          </ul>
        </li>
      ))}
    </ul>
  );
}

function DeliveryRow({ detail }: { detail: DeliveryDetail }) {
  const text = deliveryDetailText(detail);
  const Icon = TONE_ICONS[text.tone];
  const ChannelIcon =
    detail.channel === 'email'
      ? Mail
      : detail.channel === 'telegram'
        ? Send
        : detail.channel === 'sms'
          ? MessageSquareText
          : detail.channel === 'voice'
            ? Phone
            : Smartphone;
  const at = detail.receivedAt ?? detail.deliveredAt;
  return (
    <li className="grid gap-1 px-3 py-2.5">
      <p className="flex items-start gap-2 font-medium text-slate-900">
        <ChannelIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-slate-400" />
        <span className="[overflow-wrap:anywhere]">{text.target}</span>
      </p>
      <p
        className={
          text.tone === 'danger'
            ? 'flex items-start gap-2 pl-6 text-red-700'
            : text.tone === 'success'
              ? 'flex items-start gap-2 pl-6 text-emerald-800'
              : 'flex items-start gap-2 pl-6 text-slate-600'
        }
      >
        <Icon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        <span className="[overflow-wrap:anywhere]">
          {text.status}
          {at && detail.status === 'delivered' ? (
            <span className="text-slate-500">
              {' '}
              · <time dateTime={at}>{formatDateTime(at)}</time>
            </span>
          ) : null}
        </span>
      </p>
      {text.fallback ? <p className="pl-6 text-slate-600">{text.fallback}.</p> : null}
    </li>
  );
}
