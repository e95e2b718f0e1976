import type { VerifyEmail } from '@leadbell/shared/auth';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { refreshSession } from '../../../lib/auth.ts';
import { signIn } from '../api/sign-in.ts';
import { verifyEmail } from '../api/verify-email.ts';
import type { VerifyState } from '../verify-state.ts';
import { EmailCodeForm } from './email-code-form.tsx';

type VerifyEmailFormProps = {
  state: VerifyState;
  /** Replaces going on to onboarding once verified and signed in (e.g. to join an invited team). */
  onVerified?: () => void;
};

export function VerifyEmailForm({ state, onVerified }: VerifyEmailFormProps) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  const verify = async (values: VerifyEmail) => {
    await verifyEmail(values);
    let me = await refreshSession(queryClient);
    // Verification normally signs in; if the server did not, the password from sign-up or
    // sign-in finishes the job instead of sending the user back to type it again.
    if (!me && state.password) {
      await signIn({ email: state.email, password: state.password });
      me = await refreshSession(queryClient);
    }
    return me;
  };

  return (
    <EmailCodeForm
      email={state.email}
      type="email-verification"
      action="verify"
      label="Verification Code"
      hint="The code is 6 digits and works for 24 hours."
      submitLabel="Verify"
      submit={verify}
      onSubmitted={(me) => {
        if (me && onVerified) onVerified();
        else if (me) void navigate('/onboarding/entity', { replace: true });
        else
          void navigate('/sign-in', { replace: true, state: { message: 'Your email is verified. Please sign in.' } });
      }}
    />
  );
}
