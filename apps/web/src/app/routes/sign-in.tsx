import { useLocation } from 'react-router';
import { AuthLayout, TextLink } from '../../features/auth/components/auth-layout.tsx';
import { SignInForm } from '../../features/auth/components/sign-in-form.tsx';
import { readFlashMessage } from '../../lib/flash-message.ts';

export function SignInPage() {
  const location = useLocation();
  return (
    <AuthLayout
      title="Welcome back"
      description="Sign in to your Leadbell console."
      footer={
        <>
          New to Leadbell? <TextLink to="/sign-up">Create an account</TextLink>
        </>
      }
    >
      <SignInForm successMessage={readFlashMessage(location.state)} />
    </AuthLayout>
  );
}
