import type { SendVerificationCode } from '@leadbell/shared/auth';
import { useMutation } from '@tanstack/react-query';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useCountdown } from '../../../lib/use-countdown.ts';
import { sendVerificationOtp } from '../api/send-verification-otp.ts';
import { authErrorMessage } from '../auth-error-message.ts';

type ResendCodeProps = {
  email: string;
  type: SendVerificationCode['type'];
  /** Called as a new code is asked for: the form's own error no longer applies. */
  onResend?: () => void;
};

/** "Didn't get it? Resend code", with what came of it and the wait the server asks for. */
export function ResendCode({ email, type, onResend }: ResendCodeProps) {
  const wait = useCountdown();
  const resend = useMutation({
    mutationFn: () => sendVerificationOtp(email, type),
    onMutate: () => onResend?.(),
    onError: (error) => {
      if (error instanceof ApiError && error.code === 'rate_limited') wait.start(error.retryAfterSeconds ?? 60);
    },
  });
  return (
    <>
      {resend.isError ? (
        <Alert tone="error">
          {authErrorMessage(resend.error, 'resend-code')}
          {wait.secondsLeft > 0 ? ` You can ask for a new code in ${wait.secondsLeft} s.` : null}
        </Alert>
      ) : null}
      {resend.isSuccess ? <Alert tone="success">We sent a new code to {email}.</Alert> : null}
      <p className="text-center text-sm text-slate-600">
        Didn&apos;t get it?{' '}
        <Button
          type="button"
          variant="link"
          className="h-auto px-0 text-sm"
          onClick={() => resend.mutate()}
          isLoading={resend.isPending}
          disabled={wait.secondsLeft > 0}
        >
          {wait.secondsLeft > 0 ? `Resend code (${wait.secondsLeft} s)` : 'Resend code'}
        </Button>
      </p>
    </>
  );
}
