import { AuthLayout, TextLink } from '../../features/auth/components/auth-layout.tsx';
import { SignUpForm } from '../../features/auth/components/sign-up-form.tsx';

export function SignUpPage() {
  return (
    <AuthLayout
      title="Create your account"
      description="Get a call-like alert on your phone the moment a visitor asks for you."
      footer={
        <>
          Already have an account? <TextLink to="/sign-in">Sign in</TextLink>
        </>
      }
    >
      <SignUpForm />
    </AuthLayout>
  );
}
