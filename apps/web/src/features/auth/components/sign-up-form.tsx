import { zodResolver } from '@hookform/resolvers/zod';
import { SignUpSchema, type SignUp } from '@leadbell/shared/auth';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { applyServerFieldErrors } from '../../../lib/form-errors.ts';
import { signUp } from '../api/sign-up.ts';
import { authErrorMessage } from '../auth-error-message.ts';
import type { VerifyState } from '../verify-state.ts';
import { TextLink } from './auth-layout.tsx';
import { EmailField } from './email-field.tsx';

const FIELDS = ['name', 'email', 'password'] as const;

type SignUpFormProps = {
  /** An invitation's address: filled in and locked, since only that address may join. */
  invitedEmail?: string;
  /** Replaces going to /verify, e.g. to verify in place on the invitation page. */
  onSignedUp?: (state: VerifyState) => void;
};

export function SignUpForm({ invitedEmail, onSignedUp }: SignUpFormProps = {}) {
  const navigate = useNavigate();
  const form = useForm<SignUp>({
    resolver: zodResolver(SignUpSchema),
    defaultValues: { name: '', email: invitedEmail ?? '', password: '' },
  });
  const mutation = useMutation({
    mutationFn: signUp,
    onSuccess: (_data, values) => {
      const state: VerifyState = { email: values.email, password: values.password, name: values.name };
      if (onSignedUp) onSignedUp(state);
      else void navigate('/verify', { state });
    },
    onError: (error) => applyServerFieldErrors(error, form.setError, FIELDS),
  });
  const { errors } = form.formState;
  const isUserExists = mutation.error instanceof ApiError && mutation.error.code === 'user_exists';

  return (
    <form noValidate onSubmit={form.handleSubmit((values) => mutation.mutate(values))} className="grid gap-5">
      {mutation.isError ? (
        <Alert tone="error">
          {authErrorMessage(mutation.error, 'sign-up')}
          {isUserExists ? (
            <>
              {' '}
              <TextLink to="/sign-in">Sign in</TextLink> instead, or use another email.
            </>
          ) : null}
        </Alert>
      ) : null}
      <FormField label="Name" error={errors.name?.message}>
        {(control) => <Input {...control} autoComplete="name" {...form.register('name')} />}
      </FormField>
      <EmailField
        error={errors.email?.message}
        registration={form.register('email')}
        lockedHint={invitedEmail ? 'The invitation was sent to this address.' : undefined}
      />
      <FormField
        label="Password"
        error={errors.password?.message}
        hint="At least 8 characters, with an uppercase letter, a lowercase letter, a number and a special character."
      >
        {(control) => <Input {...control} type="password" autoComplete="new-password" {...form.register('password')} />}
      </FormField>
      <Button type="submit" size="lg" isLoading={mutation.isPending} className="mt-1 w-full">
        Sign Up
      </Button>
      <p className="text-center text-xs leading-relaxed text-slate-500">
        By signing up you agree to our <TextLink to="/terms-of-service">Terms of Service</TextLink> and{' '}
        <TextLink to="/privacy-policy">Privacy Policy</TextLink>.
      </p>
    </form>
  );
}
