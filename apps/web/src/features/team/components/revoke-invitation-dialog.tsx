import type { TeamInvitation } from '@leadbell/shared/team';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
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
  const mutation = useMutation({
    mutationFn: (invitation: TeamInvitation) => revokeInvitation(invitation.id),
    onSettled: async (_data, error, invitation) => {
      // 404: accepted or withdrawn elsewhere meanwhile; the list catches up either way.
      const isGone = !error || (error instanceof ApiError && error.status === 404);
      if (!isGone) return;
      await queryClient.invalidateQueries({ queryKey: TEAM_QUERY_KEY });
      mutation.reset();
      onRevoked(invitation.email);
    },
  });
  const isAlreadyGone = mutation.error instanceof ApiError && mutation.error.status === 404;
  return (
    <ConfirmDialog
      open={target !== null}
      onOpenChange={(open) => {
        if (open) return;
        mutation.reset();
        onClose();
      }}
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
      onConfirm={() => target && mutation.mutate(target)}
      isPending={mutation.isPending}
      error={mutation.isError && !isAlreadyGone ? errorMessage(mutation.error) : null}
    />
  );
}
