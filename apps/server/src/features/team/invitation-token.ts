import { INVITATION_TTL_DAYS } from '@leadbell/shared/team';
import { generateSecretToken, hashSecretToken } from '../../lib/secret-token.ts';

/** A new invitation link's token (mailed, never stored), its digest (stored) and when it stops working. */
export function newInvitationToken(now: Date) {
  const token = generateSecretToken('lbi_', 32);
  return {
    token,
    tokenHash: hashSecretToken(token),
    expiresAt: new Date(now.getTime() + INVITATION_TTL_DAYS * 24 * 60 * 60 * 1000),
  };
}

export function invitationLinkOf(publicUrl: string, token: string): string {
  return `${publicUrl}/invite/${token}`;
}
