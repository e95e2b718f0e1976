import type { Notification } from '@leadbell/shared/notifications';
import { ExternalLink, PauseCircle } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Badge } from '../../../components/ui/badge.tsx';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../../components/ui/table.tsx';
import { formatNotificationTime } from '../../../lib/format-date.ts';
import { httpsLink } from '../https-link.ts';
import { cn } from '../../../lib/cn.ts';
import { DeliveryStatusBadge } from './delivery-status-badge.tsx';
import { NotificationDetails } from './notification-details.tsx';

/** The element id of a notification's row: emails link to `/flows/:flowId#notification-<id>`. */
export function notificationRowId(notificationId: string): string {
  return `notification-${notificationId}`;
}

type NotificationsTableProps = {
  notifications: Notification[];
  /** The row the page was opened for (from the address's #notification-<id>), highlighted. */
  highlightedId?: string | null;
};

export function NotificationsTable({ notifications, highlightedId = null }: NotificationsTableProps) {
  // Rows above the newest one shown at first arrived live: they flash once as they appear.
  const [initialTopId] = useState(() => notifications[0]?.id);
  const firstKnownIndex = notifications.findIndex((notification) => notification.id === initialTopId);
  return (
    <Table>
      <TableHeader>
        <TableRow>
          <TableHead className="w-12">#</TableHead>
          <TableHead>Notification ID</TableHead>
          <TableHead>Title</TableHead>
          <TableHead>Message</TableHead>
          <TableHead>Received At</TableHead>
          <TableHead>Delivery</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {notifications.map((notification, index) => (
          <TableRow
            key={notification.id}
            id={notificationRowId(notification.id)}
            tabIndex={-1}
            aria-current={notification.id === highlightedId ? 'true' : undefined}
            className={cn(
              'scroll-mt-24 outline-none',
              index < firstKnownIndex && 'animate-[highlight_2.5s_ease-out]',
              notification.id === highlightedId && 'bg-brand-50 ring-2 ring-brand-400 ring-inset md:hover:bg-brand-50',
            )}
          >
            <TableCell label="#" className="text-slate-500 tabular-nums">
              {index + 1}
            </TableCell>
            <TableCell label="Notification ID">
              <code className="font-mono text-xs break-all text-slate-600">{notification.id}</code>
            </TableCell>
            <TableCell label="Title" className="font-medium text-slate-900">
              <span className="grid justify-items-start gap-1.5">
                <span dir="auto" className="[overflow-wrap:anywhere]">
                  {notification.title}
                </span>
                {notification.isTest || notification.isHeld || notification.shortenedFields.length > 0 ? (
                  <span className="flex flex-wrap gap-1.5">
                    {notification.isTest ? <Badge tone="brand">Test</Badge> : null}
                    {notification.isHeld ? (
                      <Badge tone="warning">
                        <PauseCircle aria-hidden="true" />
                        Held
                      </Badge>
                    ) : null}
                    {notification.shortenedFields.length > 0 ? (
                      <Badge
                        tone="neutral"
                        className="whitespace-nowrap"
                        title={`Cut to the field limit: ${notification.shortenedFields.join(', ')}`}
                      >
                        {notification.shortenedFields.length === 1
                          ? '1 field shortened'
                          : `${notification.shortenedFields.length} fields shortened`}
                      </Badge>
                    ) : null}
                  </span>
                ) : null}
              </span>
            </TableCell>
            <TableCell label="Message">
              <span className="grid max-w-md gap-1">
                <span dir="auto" className="whitespace-pre-line [overflow-wrap:anywhere]">
                  {notification.message}
                </span>
                <NotificationLink url={notification.url} />
              </span>
            </TableCell>
            <TableCell label="Received At" className="whitespace-nowrap tabular-nums">
              <time dateTime={notification.createdAt}>{formatNotificationTime(notification.createdAt)}</time>
            </TableCell>
            <TableCell label="Delivery">
              <span className="grid justify-items-start gap-2">
                {notification.isHeld ? (
                  <span className="max-w-56 text-xs leading-relaxed text-amber-900">
                    Over your plan’s monthly limit —{' '}
                    <Link to="/account#plan" className="font-medium underline underline-offset-2">
                      choose a larger plan
                    </Link>{' '}
                    to deliver held leads.
                  </span>
                ) : (
                  <DeliveryStatusBadge delivery={notification.delivery} />
                )}
                <NotificationDetails notification={notification} />
              </span>
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

function NotificationLink({ url }: { url: string | null }) {
  const link = httpsLink(url);
  if (!link) return null;
  return (
    <a
      href={link.href}
      target="_blank"
      rel="noopener noreferrer"
      className="inline-flex max-w-full items-center gap-1 text-xs font-medium text-brand-700 hover:underline"
    >
      <ExternalLink aria-hidden="true" className="size-3.5 shrink-0" />
      <span className="truncate">{link.text}</span>
      <span className="sr-only"> (opens in a new tab)</span>
    </a>
  );
}
