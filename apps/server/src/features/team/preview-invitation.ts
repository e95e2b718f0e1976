import { eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { InvitationPreview } from '@leadbell/shared/team';
import type { Database } from '../../db/client.ts';
import { users } from '../../db/schema/auth.ts';
import { entities } from '../../db/schema/entities.ts';
import { entityInvitations } from '../../db/schema/invitations.ts';
import { AppError } from '../../http/app-error.ts';
import { hashSecretToken } from '../../lib/secret-token.ts';

const inviters = alias(users, 'inviters');

export type FoundInvitation = InvitationPreview & { id: string; entityId: string };

/** The invitation a link's token names, found by its digest; an unknown token answers 404. */
export async function findInvitationByToken(db: Database, token: string, now: Date): Promise<FoundInvitation> {
  const [row] = await db
    .select({
      id: entityInvitations.id,
      entityId: entityInvitations.entityId,
      entityName: entities.name,
      invitedBy: inviters.name,
      email: entityInvitations.email,
      role: entityInvitations.role,
      expiresAt: entityInvitations.expiresAt,
      revokedAt: entityInvitations.revokedAt,
      acceptedAt: entityInvitations.acceptedAt,
    })
    .from(entityInvitations)
    .innerJoin(entities, eq(entities.id, entityInvitations.entityId))
    .leftJoin(inviters, eq(inviters.id, entityInvitations.invitedBy))
    .where(eq(entityInvitations.tokenHash, hashSecretToken(token)));
  if (!row) throw new AppError('not_found', 'This invitation link is not valid. Ask for a new one.');
  const status = row.acceptedAt ? 'used' : row.revokedAt ? 'revoked' : row.expiresAt <= now ? 'expired' : 'pending';
  return {
    id: row.id,
    entityId: row.entityId,
    entityName: row.entityName,
    invitedBy: row.invitedBy,
    email: row.email,
    role: row.role,
    status,
    expiresAt: row.expiresAt.toISOString(),
  };
}

/** What the person opening the link may see before signing in: the token itself is the capability. */
export async function previewInvitation(db: Database, token: string, now: Date): Promise<InvitationPreview> {
  const { id: _id, entityId: _entityId, ...preview } = await findInvitationByToken(db, token, now);
  return preview;
}
