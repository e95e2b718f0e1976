import { ROLE_LABELS, type TeamInvitation } from '@leadbell/shared/team';
import { Ban, Send } from 'lucide-react';
import { Badge } from '../../../components/ui/badge.tsx';
import { DataTable, TableActionButton, TableActionsCell, TableCell, TableRow } from '../../../components/ui/table.tsx';
import { formatDate, formatDateTime } from '../../../lib/format-date.ts';
import { RelativeTime } from '../../../components/ui/relative-time.tsx';

type InvitationsTableProps = {
  invitations: TeamInvitation[];
  /** The invitation being sent again, for its button's spinner. */
  resendingId: string | null;
  onResend: (invitation: TeamInvitation) => void;
  onRevoke: (invitation: TeamInvitation) => void;
};

/** Invitations nobody accepted yet: who, by whom, when, until when, and Resend or Revoke. */
export function InvitationsTable({ invitations, resendingId, onResend, onRevoke }: InvitationsTableProps) {
  return (
    <DataTable aria-label="Pending invitations" columns={['Email', 'Role', 'Invited by', 'Sent', 'Expires']} hasActions>
      {invitations.map((invitation) => (
        <TableRow key={invitation.id}>
          <TableCell label="Email" className="font-medium break-all text-slate-900">
            {invitation.email}
          </TableCell>
          <TableCell label="Role">
            <Badge tone={invitation.role === 'admin' ? 'brand' : 'neutral'} className="justify-self-start">
              {ROLE_LABELS[invitation.role]}
            </Badge>
          </TableCell>
          <TableCell label="Invited by" className="break-words">
            {invitation.invitedBy ?? <span className="text-slate-400">Someone who left</span>}
          </TableCell>
          <TableCell label="Sent" className="whitespace-nowrap">
            <RelativeTime at={invitation.sentAt} />
          </TableCell>
          <TableCell label="Expires" className="whitespace-nowrap tabular-nums">
            {invitation.isExpired ? (
              <Badge tone="warning" className="justify-self-start">
                Expired
              </Badge>
            ) : (
              <time dateTime={invitation.expiresAt} title={formatDateTime(invitation.expiresAt)}>
                {formatDate(invitation.expiresAt)}
              </time>
            )}
          </TableCell>
          <TableActionsCell>
            <TableActionButton
              icon={Send}
              onClick={() => onResend(invitation)}
              isLoading={resendingId === invitation.id}
              disabled={resendingId !== null}
              aria-label={`Resend the invitation to ${invitation.email}`}
            >
              Resend
            </TableActionButton>
            <TableActionButton
              icon={Ban}
              isDestructive
              onClick={() => onRevoke(invitation)}
              aria-label={`Revoke the invitation to ${invitation.email}`}
            >
              Revoke
            </TableActionButton>
          </TableActionsCell>
        </TableRow>
      ))}
    </DataTable>
  );
}
