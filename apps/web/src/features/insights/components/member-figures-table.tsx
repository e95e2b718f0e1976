import type { Insights } from '@leadbell/shared/insights';
import { DataTable, TableCell, TableRow } from '../../../components/ui/table.tsx';
import { rateOf } from '../insights-format.ts';
import { CLAIM_SPEED_COLUMNS, ClaimSpeedCells } from './claim-speed-cells.tsx';

/** Who answered: the leads each member claimed first (an admin sees everyone, a member themself). */
export function MemberFiguresTable({ members, viewerId }: { members: Insights['members']; viewerId: string }) {
  return (
    <DataTable
      aria-label="Figures per member"
      columns={[
        'Member',
        { label: 'Claimed', isNumeric: true },
        ...CLAIM_SPEED_COLUMNS,
        { label: 'Calls answered', isNumeric: true },
        { label: 'Calls missed', isNumeric: true },
      ]}
    >
      {members.map((member) => (
        <TableRow key={member.userId} data-user-id={member.userId}>
          <TableCell label="Member" className="font-medium break-words text-slate-900">
            <span>
              {member.name}
              {member.userId === viewerId ? <span className="font-normal text-slate-500"> (you)</span> : null}
            </span>
          </TableCell>
          <TableCell label="Claimed" isNumeric>
            {member.claimed}
          </TableCell>
          <ClaimSpeedCells
            withinTargetRate={rateOf(member.claimedWithinTarget, member.claimed)}
            withinTarget={member.claimedWithinTarget}
            speed={member}
          />
          <TableCell label="Calls answered" isNumeric>
            {member.callsAnswered}
          </TableCell>
          <TableCell label="Calls missed" isNumeric>
            {member.callsMissed}
          </TableCell>
        </TableRow>
      ))}
    </DataTable>
  );
}
