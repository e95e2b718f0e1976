import type { Notification } from '@leadbell/shared/notifications';
import { useState } from 'react';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../../components/ui/table.tsx';
import { formatDateTime } from '../../../lib/format-date.ts';

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
              <span className="block max-w-md break-words whitespace-pre-line">{notification.message}</span>
            </TableCell>
            <TableCell label="Received At" className="whitespace-nowrap tabular-nums">
              <time dateTime={notification.createdAt}>{formatDateTime(notification.createdAt)}</time>
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
