import type { Insights } from '@leadbell/shared/insights';
import { DataTable, TableCell, TableRow } from '../../../components/ui/table.tsx';
import { CLAIM_SPEED_COLUMNS, ClaimSpeedCells } from './claim-speed-cells.tsx';

/** Each flow's figures for the period, busiest first (as the API orders them). */
export function FlowFiguresTable({ flows }: { flows: Insights['flows'] }) {
  return (
    <DataTable
      aria-label="Figures per flow"
      columns={[
        'Flow',
        { label: 'Leads', isNumeric: true },
        ...CLAIM_SPEED_COLUMNS,
        { label: 'Unanswered', isNumeric: true },
        { label: 'Escalated', isNumeric: true },
      ]}
    >
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
            speed={flow}
          />
          <TableCell label="Unanswered" isNumeric>
            {flow.unanswered}
          </TableCell>
          <TableCell label="Escalated" isNumeric>
            {flow.escalated}
          </TableCell>
        </TableRow>
      ))}
    </DataTable>
  );
}
