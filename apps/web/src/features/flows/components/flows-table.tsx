import type { Flow } from '@leadbell/shared/flows';
import { maskFlowId } from '@leadbell/shared/masking';
import { Bell, Pencil } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { CopyButton } from '../../../components/ui/copy-button.tsx';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../../components/ui/table.tsx';
import { copyText } from '../../../lib/clipboard.ts';

export function FlowsTable({ flows }: { flows: Flow[] }) {
  const [copiedId, setCopiedId] = useState<string | null>(null);
  const [copyFailed, setCopyFailed] = useState(false);

  async function copy(flowId: string) {
    try {
      await copyText(flowId);
      setCopiedId(flowId);
      setCopyFailed(false);
    } catch {
      setCopyFailed(true);
      setCopiedId(null);
    }
  }

  return (
    <div className="grid gap-3">
      {copyFailed ? <Alert tone="error">Something went wrong, please try again.</Alert> : null}
      <Table>
        <TableHeader>
          <TableRow>
            <TableHead className="w-12">#</TableHead>
            <TableHead>Flow ID</TableHead>
            <TableHead>Name</TableHead>
            <TableHead>Title</TableHead>
            <TableHead>Message</TableHead>
            <TableHead className="text-right">Action</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {flows.map((flow, index) => (
            <TableRow key={flow.flowId}>
              <TableCell label="#" className="text-slate-500 tabular-nums">
                {index + 1}
              </TableCell>
              <TableCell label="Flow ID">
                <span className="flex items-center gap-2">
                  <code className="font-mono text-xs whitespace-nowrap text-slate-700">{maskFlowId(flow.flowId)}</code>
                  <CopyButton
                    subject={`flow ID of ${flow.name}`}
                    isCopied={copiedId === flow.flowId}
                    onCopy={() => void copy(flow.flowId)}
                  />
                </span>
              </TableCell>
              <TableCell label="Name" className="font-medium text-slate-900">
                {flow.name}
              </TableCell>
              <TableCell label="Title">{flow.title}</TableCell>
              <TableCell label="Message">
                <span className="line-clamp-2 max-w-sm break-words">{flow.message}</span>
              </TableCell>
              <TableCell label="Action" className="md:text-right">
                <span className="flex flex-wrap gap-2 md:flex-nowrap md:justify-end">
                  <Button asChild variant="secondary" size="sm">
                    <Link to={`/flows/${encodeURIComponent(flow.flowId)}/edit`} aria-label={`Edit ${flow.name}`}>
                      <Pencil aria-hidden="true" className="size-3.5" />
                      Edit
                    </Link>
                  </Button>
                  <Button asChild variant="secondary" size="sm">
                    <Link to={`/flows/${encodeURIComponent(flow.flowId)}`} aria-label={`Notifications of ${flow.name}`}>
                      <Bell aria-hidden="true" className="size-3.5" />
                      Notifications
                    </Link>
                  </Button>
                </span>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}
