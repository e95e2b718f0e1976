import { zodResolver } from '@hookform/resolvers/zod';
import { SignInSchema, type SignIn } from '@leadbell/shared/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { refreshSession } from '../../../lib/auth.ts';
import { applyServerFieldErrors } from '../../../lib/form-errors.ts';
import { useCountdown } from '../../../lib/use-countdown.ts';
import { sendVerificationOtp } from '../api/send-verification-otp.ts';
import { signIn } from '../api/sign-in.ts';
import { authErrorMessage, waitMessage } from '../auth-error-message.ts';
import type { VerifyState } from '../verify-state.ts';
import { TextLink } from './auth-layout.tsx';
import { EmailField } from './email-field.tsx';

/** Spec section 9: the console waits this long after a completed sign-in before moving on. */
export const SIGNED_IN_DELAY_MS = 3_000;

// The account's lock (a code from its email gets past it) and the address's: both counted down.
const LOCKOUTS = new Set(['account_locked', 'rate_limited']);

const FIELDS = ['email', 'password'] as const;

type SignInFormProps = {
  successMessage?: string | undefined;
  /** An invitation's address: filled in and locked. */
  invitedEmail?: string;
  /** Replaces the pause and the guard's redirect after signing in (e.g. to join an invited team). */
  onSignedIn?: () => void;
  /** Replaces going to /verify when the address is not verified yet. */
  onNeedsVerification?: (state: VerifyState) => void;
};

export function SignInForm({ successMessage, invitedEmail, onSignedIn, onNeedsVerification }: SignInFormProps) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [isSignedIn, setIsSignedIn] = useState(false);
  const lockout = useCountdown();
  const form = useForm<SignIn>({
    resolver: zodResolver(SignInSchema),
    defaultValues: { email: invitedEmail ?? '', password: '' },
  });

  const mutation = useMutation({
    mutationFn: async (values: SignIn) => {
      try {
        await signIn(values);
        return 'signed-in' as const;
      } catch (error) {
        if (error instanceof ApiError && error.code === 'email_not_verified') {
          // A fresh code, because the one from sign-up has probably expired by now.
          await sendVerificationOtp(values.email);
          return 'needs-verification' as const;
        }
        throw error;
      }
    },
    onSuccess: (result, values) => {
      if (result === 'signed-in') {
        if (onSignedIn) onSignedIn();
        else setIsSignedIn(true);
        return;
      }
      const state: VerifyState = { email: values.email, password: values.password };
      if (onNeedsVerification) onNeedsVerification(state);
      else void navigate('/verify', { state });
    },
    onError: (error) => {
      if (error instanceof ApiError && LOCKOUTS.has(error.code) && error.retryAfterSeconds) {
        lockout.start(error.retryAfterSeconds);
      }
      applyServerFieldErrors(error, form.setError, FIELDS);
    },
  });
  // The way past an account's lock (decision 071): a code from the owner's email.
  const sendCode = useMutation({
    mutationFn: (email: string) => sendVerificationOtp(email, 'sign-in'),
    onSuccess: (_answer, email) => void navigate('/sign-in/code', { state: { email } }),
  });

  useEffect(() => {
    if (!isSignedIn) return;
    // Re-reading the session lets the route guard send the user on: to the page they asked for,
    // to their onboarding step, or to /flows.
    const timer = window.setTimeout(() => void refreshSession(queryClient), SIGNED_IN_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [isSignedIn, queryClient]);

  const { errors } = form.formState;
  const errorCode = mutation.error instanceof ApiError ? mutation.error.code : null;
  const isLockout = errorCode !== null && LOCKOUTS.has(errorCode);
  const isLockedOut = isLockout && lockout.secondsLeft > 0;
  const wasLockedOut = isLockout && mutation.error instanceof ApiError && mutation.error.retryAfterSeconds !== null;

  return (
    <form noValidate onSubmit={form.handleSubmit((values) => mutation.mutate(values))} className="grid gap-5">
      {successMessage && !mutation.isError && !isSignedIn ? <Alert tone="success">{successMessage}</Alert> : null}
      {isSignedIn ? <Alert tone="success">Signed in — taking you to your console…</Alert> : null}
      {mutation.isError ? (
        <Alert tone="error">
          {isLockedOut
            ? waitMessage(lockout.secondsLeft)
            : wasLockedOut
              ? 'You can try signing in again now.'
              : authErrorMessage(mutation.error, 'sign-in')}
          {errorCode === 'user_not_found' ? (
            <>
              {' '}
              <TextLink to="/sign-up">Create an account</TextLink>
            </>
          ) : null}
          {errorCode === 'account_locked' ? (
            <>
              {' '}
              Or sign in with a code we email you.
              <span className="mt-1 block">
                <Button
                  type="button"
                  variant="link"
                  className="h-auto px-0"
                  isLoading={sendCode.isPending}
                  onClick={() => sendCode.mutate(form.getValues('email'))}
                >
                  Email me a sign-in code
                </Button>
              </span>
            </>
          ) : null}
        </Alert>
      ) : null}
      {sendCode.isError ? <Alert tone="error">{authErrorMessage(sendCode.error, 'resend-code')}</Alert> : null}
      <EmailField
        error={errors.email?.message}
        registration={form.register('email')}
        lockedHint={invitedEmail ? 'The invitation was sent to this address.' : undefined}
      />
      <FormField
        label="Password"
        error={errors.password?.message}
        aside={
          <Link to="/reset-password" className="text-sm font-medium text-brand-700 underline-offset-4 hover:underline">
            Forgot your password?
          </Link>
        }
      >
        {(control) => (
          <Input {...control} type="password" autoComplete="current-password" {...form.register('password')} />
        )}
      </FormField>
      <Button
        type="submit"
        size="lg"
        isLoading={mutation.isPending || isSignedIn}
        disabled={isLockedOut}
        className="mt-1 w-full"
      >
        Sign In
      </Button>
    </form>
  );
}
