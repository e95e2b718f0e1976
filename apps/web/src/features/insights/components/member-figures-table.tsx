import type { Insights } from '@leadbell/shared/insights';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../../components/ui/table.tsx';
import { rateOf } from '../insights-format.ts';
import { ClaimSpeedCells, ClaimSpeedHeads } from './claim-speed-cells.tsx';

/** Who answered: the leads each member claimed first (an admin sees everyone, a member themself). */
export function MemberFiguresTable({ members, viewerId }: { members: Insights['members']; viewerId: string }) {
  return (
    <Table aria-label="Figures per member">
      <TableHeader>
        <TableRow>
          <TableHead>Member</TableHead>
          <TableHead isNumeric>Claimed</TableHead>
          <ClaimSpeedHeads />
        </TableRow>
      </TableHeader>
      <TableBody>
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
              medianSeconds={member.medianSecondsToClaim}
              p90Seconds={member.p90SecondsToClaim}
            />
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
