import type { SignUp } from '@leadbell/shared/auth';
import type { UseFormReturn } from 'react-hook-form';
import { Button } from '../../../components/ui/button.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { TextLink } from './auth-layout.tsx';
import { EmailField } from './email-field.tsx';

/**
 * Name, email, a new password, Sign Up and the terms: the same on the sign-up page and on an
 * invitation link, where the email is the invited one and locked.
 */
export function SignUpFields({
  form,
  isSubmitting,
  lockedEmailHint,
}: {
  form: UseFormReturn<SignUp>;
  isSubmitting: boolean;
  lockedEmailHint?: string;
}) {
  const { errors } = form.formState;
  return (
    <>
      <FormField label="Name" error={errors.name?.message}>
        {(control) => <Input {...control} autoComplete="name" {...form.register('name')} />}
      </FormField>
      <EmailField error={errors.email?.message} registration={form.register('email')} lockedHint={lockedEmailHint} />
      <FormField
        label="Password"
        error={errors.password?.message}
        hint="At least 8 characters, with an uppercase letter, a lowercase letter, a number and a special character."
      >
        {(control) => <Input {...control} type="password" autoComplete="new-password" {...form.register('password')} />}
      </FormField>
      <Button type="submit" size="lg" isLoading={isSubmitting} className="mt-1 w-full">
        Sign Up
      </Button>
      <p className="text-center text-xs leading-relaxed text-slate-500">
        By signing up you agree to our <TextLink to="/terms-of-service">Terms of Service</TextLink> and{' '}
        <TextLink to="/privacy-policy">Privacy Policy</TextLink>.
      </p>
    </>
  );
}
