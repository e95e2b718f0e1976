import type { InvitationPreview } from '@leadbell/shared/team';
import type { ReactNode } from 'react';

export type UnavailableKind = Exclude<InvitationPreview['status'], 'pending'> | 'invalid';

type Wording = { title: string; body: ReactNode };

/** The title and explanation of a link that no longer works, each case in its own words. */
export function unavailableWording(kind: UnavailableKind, invitation: InvitationPreview | null): Wording {
  const inviter = invitation?.invitedBy ?? 'the person who invited you';
  const entity = invitation?.entityName ?? 'the business';
  switch (kind) {
    case 'expired':
      return {
        title: 'This invitation has expired',
        body: (
          <>
            Invitation links work for 7 days. Ask {inviter} at <strong className="text-slate-900">{entity}</strong> to
            send you a new one.
          </>
        ),
      };
    case 'revoked':
      return {
        title: 'This invitation was withdrawn',
        body: (
          <>
            <strong className="text-slate-900">{entity}</strong> withdrew this link, or sent a newer one: check your
            inbox for a later email, or ask {inviter}.
          </>
        ),
      };
    case 'used':
      return {
        title: 'This invitation was already used',
        body: (
          <>
            Each link works once. If you joined <strong className="text-slate-900">{entity}</strong> with it, sign in to
            reach its console.
          </>
        ),
      };
    case 'invalid':
      return {
        title: 'This invitation link is not valid',
        body: 'Check that you opened the whole link from the email, or ask for a new invitation.',
      };
  }
}
