import type { Flow } from '@leadbell/shared/flows';
import { maskFlowId } from '@leadbell/shared/masking';
import { Bell, Pencil, Plug, Trash2 } from 'lucide-react';
import { Fragment } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { CopyButton } from '../../../components/ui/copy-button.tsx';
import {
  DataTable,
  TableActionButton,
  TableActionLink,
  TableActionsCell,
  TableCell,
  TableRow,
} from '../../../components/ui/table.tsx';
import { useMediaQuery } from '../../../lib/use-media-query.ts';
import { useRowCopy } from '../../../lib/use-row-copy.ts';
import { RedirectProblem } from './redirect-problem.tsx';
import { RelativeTime } from '../../../components/ui/relative-time.tsx';

const NUMBER = new Intl.NumberFormat('en-US');

type FlowsTableProps = {
  flows: Flow[];
  /** Admins edit, connect and delete flows; members only open their notifications. */
  canManage: boolean;
  onDelete: (flow: Flow) => void;
};

function NotificationStats({ flow }: { flow: Flow }) {
  return (
    <span className="grid gap-0.5">
      <span className="font-medium text-slate-900 tabular-nums">{NUMBER.format(flow.notificationCount)}</span>
      <span className="text-xs whitespace-nowrap text-slate-500">
        {flow.lastNotificationAt ? (
          <>
            Last lead <RelativeTime at={flow.lastNotificationAt} />
          </>
        ) : (
          'No leads yet'
        )}
      </span>
    </span>
  );
}

export function FlowsTable({ flows, canManage, onDelete }: FlowsTableProps) {
  const { copiedId, copyFailed, copy } = useRowCopy();
  // Tailwind's md breakpoint, where rows stop being cards: one copy of a row's problem in the page.
  const isTable = useMediaQuery('(min-width: 48rem)');

  return (
    <div className="grid gap-3">
      {copyFailed ? <Alert tone="error">Something went wrong, please try again.</Alert> : null}
      <DataTable
        columns={[{ label: '#', className: 'w-12' }, 'Flow ID', 'Name', 'Title', 'Message', 'Notifications']}
        hasActions
      >
        {flows.map((flow, index) => (
          <Fragment key={flow.flowId}>
            <TableRow className={flow.redirectProblem && isTable ? 'md:border-b-0' : undefined}>
              <TableCell label="#" className="text-slate-500 tabular-nums">
                {index + 1}
              </TableCell>
              <TableCell label="Flow ID">
                {/* Stacked on desktop so the table fits beside the sidebar without scrolling. */}
                <span className="flex items-center gap-2 md:flex-col md:items-start md:gap-1.5">
                  <code className="font-mono text-xs whitespace-nowrap text-slate-700">{maskFlowId(flow.flowId)}</code>
                  <CopyButton
                    subject={`flow ID of ${flow.name}`}
                    isCopied={copiedId === flow.flowId}
                    onCopy={() => void copy(flow.flowId, () => flow.flowId)}
                  />
                </span>
              </TableCell>
              <TableCell label="Name" className="font-medium break-words text-slate-900">
                {flow.name}
              </TableCell>
              <TableCell label="Title">
                <span className="line-clamp-2 break-words">{flow.title}</span>
              </TableCell>
              <TableCell label="Message">
                <span className="line-clamp-2 max-w-xs break-words">{flow.message}</span>
              </TableCell>
              <TableCell label="Notifications">
                <NotificationStats flow={flow} />
              </TableCell>
              {flow.redirectProblem && !isTable ? (
                // On phones the problem is part of the flow's card; on wider screens a full-width row below it.
                <TableCell label="Problem" className="block before:content-none">
                  <RedirectProblem problem={flow.redirectProblem} />
                </TableCell>
              ) : null}
              <TableActionsCell isStacked={canManage}>
                {canManage ? (
                  <TableActionLink
                    icon={Pencil}
                    to={`/flows/${encodeURIComponent(flow.flowId)}/edit`}
                    aria-label={`Edit ${flow.name}`}
                  >
                    Edit
                  </TableActionLink>
                ) : null}
                <TableActionLink
                  icon={Bell}
                  to={`/flows/${encodeURIComponent(flow.flowId)}`}
                  aria-label={`Notifications of ${flow.name}`}
                >
                  Notifications
                </TableActionLink>
                {canManage ? (
                  <>
                    <TableActionLink
                      icon={Plug}
                      to={`/flows/${encodeURIComponent(flow.flowId)}/connect`}
                      aria-label={`Connect your website to ${flow.name}`}
                    >
                      Connect
                    </TableActionLink>
                    <TableActionButton
                      icon={Trash2}
                      isDestructive
                      onClick={() => onDelete(flow)}
                      aria-label={`Delete ${flow.name}`}
                      title="Delete"
                    >
                      <span className="md:sr-only">Delete</span>
                    </TableActionButton>
                  </>
                ) : null}
              </TableActionsCell>
            </TableRow>
            {flow.redirectProblem && isTable ? (
              <tr role="row" className="border-b border-slate-200 last:border-b-0">
                <td role="cell" colSpan={7} className="px-4 pb-4">
                  <RedirectProblem problem={flow.redirectProblem} />
                </td>
              </tr>
            ) : null}
          </Fragment>
        ))}
      </DataTable>
    </div>
  );
}
