import { zodResolver } from '@hookform/resolvers/zod';
import { VerifyEmailSchema, type VerifyEmail } from '@leadbell/shared/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
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
import { verifyEmail } from '../api/verify-email.ts';
import { authErrorMessage } from '../auth-error-message.ts';
import type { VerifyState } from '../verify-state.ts';

type VerifyEmailFormProps = {
  state: VerifyState;
  /** Replaces going on to onboarding once verified and signed in (e.g. to join an invited team). */
  onVerified?: () => void;
};

export function VerifyEmailForm({ state, onVerified }: VerifyEmailFormProps) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const form = useForm<VerifyEmail>({
    resolver: zodResolver(VerifyEmailSchema),
    defaultValues: { email: state.email, otp: '' },
  });

  const verify = useMutation({
    mutationFn: async (values: VerifyEmail) => {
      await verifyEmail(values);
      let me = await refreshSession(queryClient);
      // Verification normally signs in; if the server did not, the password from sign-up or
      // sign-in finishes the job instead of sending the user back to type it again.
      if (!me && state.password) {
        await signIn({ email: state.email, password: state.password });
        me = await refreshSession(queryClient);
      }
      return me;
    },
    onSuccess: (me) => {
      if (me && onVerified) onVerified();
      else if (me) void navigate('/onboarding/entity', { replace: true });
      else void navigate('/sign-in', { replace: true, state: { message: 'Your email is verified. Please sign in.' } });
    },
    onError: (error) => applyServerFieldErrors(error, form.setError, ['otp']),
  });

  const resendWait = useCountdown();
  const resend = useMutation({
    mutationFn: () => sendVerificationOtp(state.email),
    onMutate: () => verify.reset(),
    onError: (error) => {
      if (error instanceof ApiError && error.code === 'rate_limited') resendWait.start(error.retryAfterSeconds ?? 60);
    },
  });

  const { errors } = form.formState;

  return (
    <div className="grid gap-5">
      {verify.isError ? <Alert tone="error">{authErrorMessage(verify.error, 'verify')}</Alert> : null}
      {resend.isError ? (
        <Alert tone="error">
          {authErrorMessage(resend.error, 'resend-code')}
          {resendWait.secondsLeft > 0 ? ` You can ask for a new code in ${resendWait.secondsLeft} s.` : null}
        </Alert>
      ) : null}
      {resend.isSuccess ? <Alert tone="success">We sent a new code to {state.email}.</Alert> : null}
      <form noValidate onSubmit={form.handleSubmit((values) => verify.mutate(values))} className="grid gap-5">
        <FormField
          label="Verification Code"
          error={errors.otp?.message}
          hint="The code is 6 digits and works for 24 hours."
        >
          {(control) => (
            <Input
              {...control}
              inputMode="numeric"
              autoComplete="one-time-code"
              spellCheck={false}
              placeholder="123456"
              className="font-mono tracking-[0.3em] placeholder:tracking-[0.3em]"
              {...form.register('otp')}
            />
          )}
        </FormField>
        <Button type="submit" size="lg" isLoading={verify.isPending || verify.isSuccess} className="w-full">
          Verify
        </Button>
      </form>
      <p className="text-center text-sm text-slate-600">
        Didn&apos;t get it?{' '}
        <Button
          type="button"
          variant="link"
          className="text-sm"
          onClick={() => resend.mutate()}
          isLoading={resend.isPending}
          disabled={resendWait.secondsLeft > 0}
        >
          {resendWait.secondsLeft > 0 ? `Resend code (${resendWait.secondsLeft} s)` : 'Resend code'}
        </Button>
      </p>
    </div>
  );
}
