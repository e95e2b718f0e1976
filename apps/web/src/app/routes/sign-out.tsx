import { LogOut } from 'lucide-react';
import { Link } from 'react-router';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { useSignOut } from '../../features/auth/hooks/use-sign-out.ts';
import { errorMessage } from '../../lib/api-client.ts';
import { HOME_PATH } from '../../lib/redirects.ts';

export function SignOutPage() {
  const signOut = useSignOut();
  return (
    <Card className="mx-auto mt-4 max-w-md p-6 text-center sm:mt-12 sm:p-8">
      <div className="mx-auto mb-4 flex size-12 items-center justify-center rounded-full bg-brand-50 text-brand-600">
        <LogOut aria-hidden="true" className="size-6" />
      </div>
      <h1 className="text-xl font-bold tracking-tight text-slate-900">Are you sure want to sign out?</h1>
      <p className="mt-2 text-sm text-slate-600">
        Notifications keep arriving on your phone while you’re signed out of the console.
      </p>
      {signOut.isError ? (
        <Alert tone="error" className="mt-5 text-left">
          {errorMessage(signOut.error)}
        </Alert>
      ) : null}
      <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-center">
        <Button asChild variant="secondary">
          <Link to={HOME_PATH}>Cancel</Link>
        </Button>
        <Button onClick={() => signOut.mutate()} isLoading={signOut.isPending}>
          Sign Out
        </Button>
      </div>
    </Card>
  );
}
