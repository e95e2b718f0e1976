import type { InvitationPreview } from '@leadbell/shared/team';
import { AuthLayout } from '../../auth/components/auth-layout.tsx';
import { LinkButton } from './link-button.tsx';
import { unavailableWording, type UnavailableKind } from './unavailable-wording.tsx';
import { HOME_PATH } from '../../../lib/redirects.ts';

/** A link that no longer works (or never did): why, in its own words, and where to go instead. */
export function InvitationUnavailable({
  invitation,
  isSignedIn,
}: {
  invitation: InvitationPreview | null;
  isSignedIn: boolean;
}) {
  const kind: UnavailableKind = invitation ? (invitation.status as UnavailableKind) : 'invalid';
  const { title, body } = unavailableWording(kind, invitation);
  return (
    <AuthLayout title={title} description={body}>
      {isSignedIn ? (
        <LinkButton to={HOME_PATH}>Go to your console</LinkButton>
      ) : (
        <div className="grid gap-3">
          <LinkButton to="/sign-in">Sign in</LinkButton>
          <LinkButton to="/" variant="secondary">
            About Leadbell
          </LinkButton>
        </div>
      )}
    </AuthLayout>
  );
}
