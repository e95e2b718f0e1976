import { ROLE_LABELS, type TeamMember } from '@leadbell/shared/team';
import { ShieldCheck, UserMinus, UserRound } from 'lucide-react';
import { Link } from 'react-router';
import { Badge } from '../../../components/ui/badge.tsx';
import { DataTable, TableActionButton, TableActionsCell, TableCell, TableRow } from '../../../components/ui/table.tsx';
import { formatDate } from '../../../lib/format-date.ts';
import { RelativeTime } from '../../../components/ui/relative-time.tsx';

export type MemberAction = { member: TeamMember; kind: 'remove' | 'make-admin' | 'make-member' };

type MembersTableProps = {
  members: TeamMember[];
  onAction: (action: MemberAction) => void;
};

function deviceCount(count: number) {
  if (count === 0) return <span className="text-amber-700">None yet</span>;
  return count === 1 ? '1 device' : `${count} devices`;
}

/** The people in the business, with role changes and removal for everyone but yourself. */
export function MembersTable({ members, onAction }: MembersTableProps) {
  return (
    <DataTable
      aria-label="Members"
      columns={[
        'Member',
        'Role',
        'Joined',
        { label: 'Working devices', className: 'whitespace-normal' },
        { label: 'Last active', className: 'whitespace-normal' },
      ]}
      hasActions
    >
      {members.map((member) => (
        <TableRow key={member.userId}>
          <TableCell label="Member" className="min-w-44">
            <span className="grid gap-0.5">
              <span className="font-medium break-words text-slate-900">
                {member.name}
                {member.isYou ? (
                  <Badge tone="brand" className="ml-2 align-middle">
                    You
                  </Badge>
                ) : null}
                {member.isAway ? (
                  <Badge tone="warning" className="ml-2 align-middle">
                    Away
                  </Badge>
                ) : null}
              </span>
              <span className="text-xs break-all text-slate-500">{member.email}</span>
            </span>
          </TableCell>
          <TableCell label="Role">
            <Badge tone={member.role === 'admin' ? 'brand' : 'neutral'} className="justify-self-start">
              {ROLE_LABELS[member.role]}
            </Badge>
          </TableCell>
          <TableCell label="Joined" className="whitespace-nowrap tabular-nums">
            {member.joinedAt ? (
              <time dateTime={member.joinedAt}>{formatDate(member.joinedAt)}</time>
            ) : (
              <span className="text-slate-400">—</span>
            )}
          </TableCell>
          <TableCell label="Devices" className="whitespace-nowrap">
            {deviceCount(member.workingDeviceCount)}
          </TableCell>
          <TableCell label="Last active" className="whitespace-nowrap">
            {member.lastActiveAt ? (
              <RelativeTime at={member.lastActiveAt} />
            ) : (
              <span className="text-slate-400">Never</span>
            )}
          </TableCell>
          {member.isYou ? (
            <TableCell label="Action" className="text-slate-500 md:text-right">
              <Link to="/account" className="text-sm font-medium text-brand-700 underline-offset-4 hover:underline">
                Your account
              </Link>
            </TableCell>
          ) : (
            <TableActionsCell>
              {member.role === 'admin' ? (
                <TableActionButton
                  icon={UserRound}
                  onClick={() => onAction({ member, kind: 'make-member' })}
                  aria-label={`Make ${member.name} a member`}
                >
                  Make member
                </TableActionButton>
              ) : (
                <TableActionButton
                  icon={ShieldCheck}
                  onClick={() => onAction({ member, kind: 'make-admin' })}
                  aria-label={`Make ${member.name} an admin`}
                >
                  Make admin
                </TableActionButton>
              )}
              <TableActionButton
                icon={UserMinus}
                isDestructive
                onClick={() => onAction({ member, kind: 'remove' })}
                aria-label={`Remove ${member.name}`}
              >
                Remove
              </TableActionButton>
            </TableActionsCell>
          )}
        </TableRow>
      ))}
    </DataTable>
  );
}
