import type { Insights } from '@leadbell/shared/insights';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../../components/ui/table.tsx';
import { formatDuration, formatRate, rateOf } from '../insights-format.ts';

/** Who answered: the leads each member claimed first (an admin sees everyone, a member themself). */
export function MemberFiguresTable({ members, viewerId }: { members: Insights['members']; viewerId: string }) {
  return (
    <Table aria-label="Figures per member">
      <TableHeader>
        <TableRow>
          <TableHead>Member</TableHead>
          <TableHead className="text-right">Claimed</TableHead>
          <TableHead className="text-right">Within target</TableHead>
          <TableHead className="text-right">Median</TableHead>
          <TableHead className="text-right">90th pct.</TableHead>
          <TableHead className="text-right">Calls answered</TableHead>
          <TableHead className="text-right">Calls missed</TableHead>
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
            <TableCell label="Claimed" className="tabular-nums md:text-right">
              {member.claimed}
            </TableCell>
            <TableCell label="Within target" className="tabular-nums md:text-right">
              <span>
                {formatRate(rateOf(member.claimedWithinTarget, member.claimed))}{' '}
                <span className="text-slate-500">({member.claimedWithinTarget})</span>
              </span>
            </TableCell>
            <TableCell label="Median" className="tabular-nums md:text-right">
              {formatDuration(member.medianSecondsToClaim)}
            </TableCell>
            <TableCell label="90th pct." className="tabular-nums md:text-right">
              {formatDuration(member.p90SecondsToClaim)}
            </TableCell>
            <TableCell label="Calls answered" className="tabular-nums md:text-right">
              {member.callsAnswered}
            </TableCell>
            <TableCell label="Calls missed" className="tabular-nums md:text-right">
              {member.callsMissed}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
