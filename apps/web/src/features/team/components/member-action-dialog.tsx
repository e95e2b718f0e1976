import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { changeMemberRole } from '../api/change-member-role.ts';
import { TEAM_QUERY_KEY } from '../api/get-team.ts';
import { removeMember } from '../api/remove-member.ts';
import type { MemberAction } from './members-table.tsx';

type MemberActionDialogProps = {
  /** The change to confirm; the dialog is open while it is set. */
  target: MemberAction | null;
  onClose: () => void;
  onDone: (message: string) => void;
};

function wordingOf({ member, kind }: MemberAction): {
  title: string;
  description: ReactNode;
  confirmLabel: string;
  done: string;
} {
  const name = <strong className="font-semibold text-slate-900">{member.name}</strong>;
  switch (kind) {
    case 'remove':
      return {
        title: `Remove ${member.name}?`,
        description: (
          <p>
            {name} is signed out everywhere at once, their devices stop ringing and their email copies stop. Their seat
            is free again. Invite them again to bring them back.
          </p>
        ),
        confirmLabel: 'Remove',
        done: `${member.name} was removed from the team.`,
      };
    case 'make-admin':
      return {
        title: `Make ${member.name} an admin?`,
        description: <p>{name} will manage the plan, API keys, flows and the team, as you do.</p>,
        confirmLabel: 'Make admin',
        done: `${member.name} is now an admin.`,
      };
    case 'make-member':
      return {
        title: `Make ${member.name} a member?`,
        description: (
          <p>
            {name} keeps every lead and their devices, but can no longer change the plan, API keys, flows or the team.
          </p>
        ),
        confirmLabel: 'Make member',
        done: `${member.name} is now a member.`,
      };
  }
}

/** Confirms removing someone or changing their role; the server's reason (e.g. the last admin) shows in place. */
export function MemberActionDialog({ target, onClose, onDone }: MemberActionDialogProps) {
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: async ({ member, kind }: MemberAction) => {
      if (kind === 'remove') await removeMember(member.userId);
      else await changeMemberRole(member.userId, kind === 'make-admin' ? 'admin' : 'user');
    },
    onSuccess: async (_data, action) => {
      await queryClient.invalidateQueries({ queryKey: TEAM_QUERY_KEY });
      mutation.reset();
      onDone(wordingOf(action).done);
    },
  });
  const wording = target ? wordingOf(target) : null;
  return (
    <ConfirmDialog
      open={target !== null}
      onOpenChange={(open) => {
        if (open) return;
        mutation.reset();
        onClose();
      }}
      title={wording?.title ?? ''}
      description={wording?.description ?? null}
      confirmLabel={wording?.confirmLabel ?? ''}
      onConfirm={() => target && mutation.mutate(target)}
      isPending={mutation.isPending}
      error={mutation.isError ? errorMessage(mutation.error) : null}
    />
  );
}
