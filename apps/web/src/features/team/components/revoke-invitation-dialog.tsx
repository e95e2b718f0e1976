import type { TeamInvitation } from '@leadbell/shared/team';
import { useQueryClient } from '@tanstack/react-query';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { useRemoval } from '../../../lib/use-removal.ts';
import { TEAM_QUERY_KEY } from '../api/get-team.ts';
import { revokeInvitation } from '../api/revoke-invitation.ts';

type RevokeInvitationDialogProps = {
  /** The invitation to withdraw; the dialog is open while it is set. */
  target: TeamInvitation | null;
  onClose: () => void;
  onRevoked: (email: string) => void;
};

export function RevokeInvitationDialog({ target, onClose, onRevoked }: RevokeInvitationDialogProps) {
  const queryClient = useQueryClient();
  const removal = useRemoval({
    remove: (invitation: TeamInvitation) => revokeInvitation(invitation.id),
    // 404: accepted or withdrawn elsewhere meanwhile; the list catches up either way.
    refresh: () => queryClient.invalidateQueries({ queryKey: TEAM_QUERY_KEY }),
    onRemoved: (invitation) => onRevoked(invitation.email),
    onClose,
  });
  return (
    <ConfirmDialog
      open={target !== null}
      onOpenChange={removal.onOpenChange}
      title="Revoke this invitation?"
      description={
        target ? (
          <p>
            The link sent to <strong className="font-semibold break-all text-slate-900">{target.email}</strong> stops
            working at once, and its seat is free again.
          </p>
        ) : null
      }
      confirmLabel="Revoke invitation"
      onConfirm={() => target && removal.confirm(target)}
      isPending={removal.isPending}
      error={removal.error}
    />
  );
}
