import { useState } from 'react';
import { LoadingScreen } from '../../../components/loading-screen.tsx';
import { ErrorState } from '../../../components/ui/state.tsx';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { useSession } from '../../../lib/auth.ts';
import { AuthLayout } from '../../auth/components/auth-layout.tsx';
import { useInvitation } from '../api/get-invitation.ts';
import { InvitationUnavailable } from './invitation-unavailable.tsx';
import { JoinSignedIn } from './join-signed-in.tsx';
import { JoinSignedOut } from './join-signed-out.tsx';

/** An emailed invitation link: who invites whom, then sign up or sign in and join. */
export function JoinTeam({ token }: { token: string }) {
  const invitation = useInvitation(token);
  const session = useSession();
  // A visitor who arrived signed out and signed up or in here joins without another click.
  const [arrivedSignedOut, setArrivedSignedOut] = useState<boolean | null>(null);
  if (arrivedSignedOut === null && session.status !== 'unknown') setArrivedSignedOut(session.status === 'anonymous');

  if (invitation.isPending || session.status === 'unknown') return <LoadingScreen />;
  const isInvalid = invitation.isError && invitation.error instanceof ApiError && invitation.error.status === 404;
  if (invitation.isError && !isInvalid) {
    return (
      <AuthLayout title="Join a team on Leadbell">
        <ErrorState
          message={errorMessage(invitation.error, 'Failed to load the invitation.')}
          onRetry={() => void invitation.refetch()}
          isRetrying={invitation.isFetching}
        />
      </AuthLayout>
    );
  }
  const preview = invitation.data ?? null;
  if (!preview || preview.status !== 'pending') {
    return <InvitationUnavailable invitation={preview} isSignedIn={session.status === 'signed-in'} />;
  }
  if (session.status === 'anonymous') return <JoinSignedOut token={token} invitation={preview} />;
  return (
    <JoinSignedIn token={token} invitation={preview} me={session.me} shouldJoinAtOnce={arrivedSignedOut === true} />
  );
}
