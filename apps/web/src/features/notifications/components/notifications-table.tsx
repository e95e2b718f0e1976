import type { Notification } from '@leadbell/shared/notifications';
import { ExternalLink } from 'lucide-react';
import { useState } from 'react';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../../components/ui/table.tsx';
import { formatDateTime } from '../../../lib/format-date.ts';
import { httpsLink } from '../https-link.ts';
import { DeliveryStatusBadge } from './delivery-status-badge.tsx';

export function NotificationsTable({ notifications }: { notifications: Notification[] }) {
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
            className={index < firstKnownIndex ? 'animate-[highlight_2.5s_ease-out]' : undefined}
          >
            <TableCell label="#" className="text-slate-500 tabular-nums">
              {index + 1}
            </TableCell>
            <TableCell label="Notification ID">
              <code className="font-mono text-xs break-all text-slate-600">{notification.id}</code>
            </TableCell>
            <TableCell label="Title" className="font-medium text-slate-900">
              <span className="break-words">{notification.title}</span>
            </TableCell>
            <TableCell label="Message">
              <span className="grid max-w-md gap-1">
                <span className="break-words whitespace-pre-line">{notification.message}</span>
                <NotificationLink url={notification.url} />
              </span>
            </TableCell>
            <TableCell label="Received At" className="whitespace-nowrap tabular-nums">
              <time dateTime={notification.createdAt}>{formatDateTime(notification.createdAt)}</time>
            </TableCell>
            <TableCell label="Delivery">
              <span>
                <DeliveryStatusBadge delivery={notification.delivery} />
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
