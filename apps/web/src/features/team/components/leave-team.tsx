import { useMutation } from '@tanstack/react-query';
import { LogOut } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { leaveTeam } from '../api/leave-team.ts';

/** "Leave team": after a confirmation the person leaves the business and is signed out everywhere. */
export function LeaveTeam({ entityName }: { entityName: string }) {
  const [isOpen, setIsOpen] = useState(false);
  const mutation = useMutation({
    mutationFn: leaveTeam,
    // The server ended every session of this person. A full load of sign-in forgets everything
    // cached for them; clearing in place would let this still-mounted page read a missing session.
    onSuccess: () => window.location.assign('/sign-in'),
  });
  return (
    <div className="grid gap-3">
      <p className="text-sm text-slate-600">
        Your devices stop ringing for {entityName}’s leads and you are signed out everywhere. An admin can invite you
        again.
      </p>
      <Button
        variant="secondary"
        className="justify-self-start text-red-700 hover:bg-red-50 hover:text-red-800"
        onClick={() => setIsOpen(true)}
      >
        <LogOut aria-hidden="true" className="size-4" />
        Leave team
      </Button>
      <ConfirmDialog
        open={isOpen}
        onOpenChange={(open) => {
          if (!open) mutation.reset();
          setIsOpen(open);
        }}
        title={`Leave ${entityName}?`}
        description={<p>You stop getting its leads and are signed out on every device at once.</p>}
        confirmLabel="Leave team"
        onConfirm={() => mutation.mutate()}
        isPending={mutation.isPending}
        error={mutation.isError ? errorMessage(mutation.error) : null}
      />
    </div>
  );
}
