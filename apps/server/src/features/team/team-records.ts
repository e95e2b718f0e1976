import type { TeamInvitation } from '@leadbell/shared/team';
import { entityInvitations } from '../../db/schema/invitations.ts';

export const invitationColumns = {
  id: entityInvitations.id,
  email: entityInvitations.email,
  role: entityInvitations.role,
  sentAt: entityInvitations.sentAt,
  expiresAt: entityInvitations.expiresAt,
};

export function toTeamInvitation(
  row: Pick<typeof entityInvitations.$inferSelect, keyof typeof invitationColumns>,
  invitedBy: string | null,
  now: Date,
): TeamInvitation {
  return {
    id: row.id,
    email: row.email,
    role: row.role,
    invitedBy,
    sentAt: row.sentAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    isExpired: row.expiresAt <= now,
  };
}
