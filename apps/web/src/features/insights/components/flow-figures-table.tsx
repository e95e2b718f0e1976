import type { Insights } from '@leadbell/shared/insights';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../../components/ui/table.tsx';
import { formatDuration, formatRate } from '../insights-format.ts';

/** Each flow's figures for the period, busiest first (as the API orders them). */
export function FlowFiguresTable({ flows }: { flows: Insights['flows'] }) {
  return (
    <Table aria-label="Figures per flow">
      <TableHeader>
        <TableRow>
          <TableHead>Flow</TableHead>
          <TableHead className="text-right">Leads</TableHead>
          <TableHead className="text-right">Within target</TableHead>
          <TableHead className="text-right">Median</TableHead>
          <TableHead className="text-right">90th pct.</TableHead>
          <TableHead className="text-right">Unanswered</TableHead>
          <TableHead className="text-right">Escalated</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {flows.map((flow) => (
          <TableRow key={flow.flowId} data-flow-id={flow.flowId}>
            <TableCell label="Flow" className="font-medium break-words text-slate-900">
              {flow.name}
            </TableCell>
            <TableCell label="Leads" className="tabular-nums md:text-right">
              {flow.received}
            </TableCell>
            <TableCell label="Within target" className="tabular-nums md:text-right">
              <span>
                {formatRate(flow.answeredWithinTargetRate)}{' '}
                <span className="text-slate-500">({flow.answeredWithinTarget})</span>
              </span>
            </TableCell>
            <TableCell label="Median" className="tabular-nums md:text-right">
              {formatDuration(flow.medianSecondsToClaim)}
            </TableCell>
            <TableCell label="90th pct." className="tabular-nums md:text-right">
              {formatDuration(flow.p90SecondsToClaim)}
            </TableCell>
            <TableCell label="Unanswered" className="tabular-nums md:text-right">
              {flow.unanswered}
            </TableCell>
            <TableCell label="Escalated" className="tabular-nums md:text-right">
              {flow.escalated}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
