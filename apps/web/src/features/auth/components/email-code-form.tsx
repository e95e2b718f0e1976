import { zodResolver } from '@hookform/resolvers/zod';
import { SignInCodeSchema, type SendVerificationCode, type SignInCode } from '@leadbell/shared/auth';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { applyServerFieldErrors } from '../../../lib/form-errors.ts';
import { authErrorMessage, type AuthAction } from '../auth-error-message.ts';
import { ResendCode } from './resend-code.tsx';

type EmailCodeFormProps<Result> = {
  email: string;
  /** The kind of code: what "Resend code" asks for. */
  type: SendVerificationCode['type'];
  action: AuthAction;
  label: string;
  hint: string;
  submitLabel: string;
  submit: (values: SignInCode) => Promise<Result>;
  onSubmitted?: (result: Result) => void;
};

/** The 6-digit code from an email, its submit button, and "Resend code": verification and sign-in codes alike. */
export function EmailCodeForm<Result>({
  email,
  type,
  action,
  label,
  hint,
  submitLabel,
  submit,
  onSubmitted,
}: EmailCodeFormProps<Result>) {
  const form = useForm<SignInCode>({ resolver: zodResolver(SignInCodeSchema), defaultValues: { email, otp: '' } });
  const mutation = useMutation({
    mutationFn: submit,
    onSuccess: (result) => onSubmitted?.(result),
    onError: (error) => applyServerFieldErrors(error, form.setError, ['otp']),
  });
  return (
    <div className="grid gap-5">
      {mutation.isError ? <Alert tone="error">{authErrorMessage(mutation.error, action)}</Alert> : null}
      <form noValidate onSubmit={form.handleSubmit((values) => mutation.mutate(values))} className="grid gap-5">
        <FormField label={label} error={form.formState.errors.otp?.message} hint={hint}>
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
        <Button type="submit" size="lg" isLoading={mutation.isPending || mutation.isSuccess} className="w-full">
          {submitLabel}
        </Button>
      </form>
      <ResendCode email={email} type={type} onResend={() => mutation.reset()} />
    </div>
  );
}
