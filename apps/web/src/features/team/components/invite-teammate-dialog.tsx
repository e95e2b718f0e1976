import { zodResolver } from '@hookform/resolvers/zod';
import type { PlanId } from '@leadbell/shared/plans';
import {
  hasFreeSeat,
  InviteSchema,
  seatLimitMessage,
  type Invite,
  type Seats,
  type TeamInvitation,
} from '@leadbell/shared/team';
import { useQueryClient } from '@tanstack/react-query';
import { ArrowUpRight, UserPlus } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import type { z } from 'zod';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { DialogClose, DialogForm, DialogFormActions, FormDialog } from '../../../components/ui/dialog.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { applyServerFieldErrors } from '../../../lib/form-errors.ts';
import { useFormDialog } from '../../../lib/use-form-dialog.ts';
import { TEAM_QUERY_KEY } from '../api/get-team.ts';
import { inviteTeammate } from '../api/invite-teammate.ts';
import { RoleChoice } from './role-choice.tsx';

type InviteForm = z.input<typeof InviteSchema>;

const EMPTY: InviteForm = { email: '', role: 'user' };

type InviteTeammateDialogProps = {
  seats: Seats;
  plan: PlanId;
  /** Where the plan is chosen: the plan section of the account page. */
  planHref: string;
  onInvited: (invitation: TeamInvitation) => void;
};

/** "Invite teammate": email and role; over the plan's seats it says so and links to the plan choice. */
export function InviteTeammateDialog({ seats, plan, planHref, onInvited }: InviteTeammateDialogProps) {
  const form = useForm<InviteForm, unknown, Invite>({ resolver: zodResolver(InviteSchema), defaultValues: EMPTY });
  const queryClient = useQueryClient();
  const { mutation, dialog } = useFormDialog({
    form,
    send: inviteTeammate,
    invalidates: TEAM_QUERY_KEY,
    onDone: onInvited,
    onError: async (error) => {
      // Someone else took the last seat meanwhile: the page's count catches up.
      if (error instanceof ApiError && error.code === 'seat_limit_reached')
        await queryClient.invalidateQueries({ queryKey: TEAM_QUERY_KEY });
      applyServerFieldErrors(error, form.setError, ['email', 'role']);
    },
  });

  const isFull =
    !hasFreeSeat(seats) || (mutation.error instanceof ApiError && mutation.error.code === 'seat_limit_reached');
  const { errors } = form.formState;
  return (
    <FormDialog
      {...dialog}
      trigger={
        <Button>
          <UserPlus aria-hidden="true" className="size-4" />
          Invite teammate
        </Button>
      }
      title="Invite a teammate"
      description="We email them a link that works once, for 7 days. Their phone rings for every lead too."
    >
      {isFull ? (
        <div className="grid gap-5">
          <Alert tone="info">
            <p>
              <strong className="font-semibold">Every seat is taken.</strong> {seatLimitMessage(plan)}
            </p>
            <p className="mt-1">Withdrawing an open invitation or removing someone frees a seat too.</p>
          </Alert>
          <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <DialogClose asChild>
              <Button variant="secondary">Close</Button>
            </DialogClose>
            <Button asChild>
              <Link to={planHref}>
                Choose a plan
                <ArrowUpRight aria-hidden="true" className="size-4" />
              </Link>
            </Button>
          </div>
        </div>
      ) : (
        <DialogForm
          onSubmit={form.handleSubmit((values) => mutation.mutate(values))}
          error={mutation.isError && !errors.email && !errors.role ? errorMessage(mutation.error) : null}
        >
          <FormField label="Email" error={errors.email?.message}>
            {(control) => (
              <Input
                {...control}
                type="email"
                inputMode="email"
                autoComplete="off"
                spellCheck={false}
                {...form.register('email')}
              />
            )}
          </FormField>
          <RoleChoice registration={form.register('role')} error={errors.role?.message} />
          <DialogFormActions submitLabel="Send invitation" isPending={mutation.isPending} />
        </DialogForm>
      )}
    </FormDialog>
  );
}
