import { zodResolver } from '@hookform/resolvers/zod';
import { SignUpSchema, type SignUp } from '@leadbell/shared/auth';
import type { InvitationPreview } from '@leadbell/shared/team';
import { useForm } from 'react-hook-form';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { applyServerFieldErrors } from '../../../lib/form-errors.ts';
import { authErrorMessage } from '../../auth/auth-error-message.ts';
import { SignUpFields } from '../../auth/components/sign-up-fields.tsx';
import { useSignUpFromInvitation } from '../hooks/use-sign-up-from-invitation.ts';

const FIELDS = ['name', 'password'] as const;

/** The invitation's own answers (no seat, the link gone) say more than the sign-up screen's wording. */
function signUpErrorMessage(error: unknown): string {
  if (error instanceof ApiError && ['seat_limit_reached', 'invitation_unavailable'].includes(error.code))
    return error.message;
  return authErrorMessage(error, 'sign-up');
}

/**
 * Sign up with the invited address, locked: the link already proves the mailbox, so the account
 * joins at once, with no code to type (decision 045).
 */
export function JoinSignUpForm({
  token,
  invitation,
  onSignIn,
}: {
  token: string;
  invitation: InvitationPreview;
  /** The address has an account: sign in on this page instead. */
  onSignIn: () => void;
}) {
  const form = useForm<SignUp>({
    resolver: zodResolver(SignUpSchema),
    defaultValues: { name: '', email: invitation.email, password: '' },
  });
  const mutation = useSignUpFromInvitation(token, invitation.entityName);
  const isUserExists = mutation.error instanceof ApiError && mutation.error.code === 'user_exists';

  return (
    <form
      noValidate
      onSubmit={form.handleSubmit(({ name, password }) =>
        mutation.mutate(
          { name, password },
          { onError: (error) => applyServerFieldErrors(error, form.setError, FIELDS) },
        ),
      )}
      className="grid gap-5"
    >
      {mutation.isError ? (
        <Alert tone="error">
          {signUpErrorMessage(mutation.error)}
          {isUserExists ? (
            <>
              {' '}
              <Button
                type="button"
                variant="link"
                className="h-auto px-0 align-baseline text-sm font-semibold"
                onClick={onSignIn}
              >
                Sign in
              </Button>{' '}
              to join instead.
            </>
          ) : null}
        </Alert>
      ) : null}
      <SignUpFields
        form={form}
        isSubmitting={mutation.isPending || mutation.isSuccess}
        lockedEmailHint="The invitation was sent to this address."
      />
    </form>
  );
}
