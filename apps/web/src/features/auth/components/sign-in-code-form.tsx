import type { SignInCode } from '@leadbell/shared/auth';
import { useQueryClient } from '@tanstack/react-query';
import { refreshSession } from '../../../lib/auth.ts';
import { signInWithCode } from '../api/sign-in-with-code.ts';
import { EmailCodeForm } from './email-code-form.tsx';

/**
 * Signing in with the code from the owner's email: the way past an account locked by failed
 * sign-ins (decision 071). Once signed in, the route guard sends the owner on.
 */
export function SignInCodeForm({ email }: { email: string }) {
  const queryClient = useQueryClient();
  const signIn = async (values: SignInCode) => {
    await signInWithCode(values);
    await refreshSession(queryClient);
  };
  return (
    <EmailCodeForm
      email={email}
      type="sign-in"
      action="sign-in-code"
      label="Sign-in Code"
      hint="The code is 6 digits and works for 1 hour."
      submitLabel="Sign In"
      submit={signIn}
    />
  );
}
