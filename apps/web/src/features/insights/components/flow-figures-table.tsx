import type { Insights } from '@leadbell/shared/insights';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../../components/ui/table.tsx';
import { ClaimSpeedCells, ClaimSpeedHeads } from './claim-speed-cells.tsx';

/** Each flow's figures for the period, busiest first (as the API orders them). */
export function FlowFiguresTable({ flows }: { flows: Insights['flows'] }) {
  return (
    <Table aria-label="Figures per flow">
      <TableHeader>
        <TableRow>
          <TableHead>Flow</TableHead>
          <TableHead isNumeric>Leads</TableHead>
          <ClaimSpeedHeads />
          <TableHead isNumeric>Unanswered</TableHead>
          <TableHead isNumeric>Escalated</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {flows.map((flow) => (
          <TableRow key={flow.flowId} data-flow-id={flow.flowId}>
            <TableCell label="Flow" className="font-medium break-words text-slate-900">
              {flow.name}
            </TableCell>
            <TableCell label="Leads" isNumeric>
              {flow.received}
            </TableCell>
            <ClaimSpeedCells
              withinTargetRate={flow.answeredWithinTargetRate}
              withinTarget={flow.answeredWithinTarget}
              medianSeconds={flow.medianSecondsToClaim}
              p90Seconds={flow.p90SecondsToClaim}
            />
            <TableCell label="Unanswered" isNumeric>
              {flow.unanswered}
            </TableCell>
            <TableCell label="Escalated" isNumeric>
              {flow.escalated}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
