import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { DEVICE_FAILING_AFTER } from '@leadbell/shared/devices';
import type { Team, TeamInvitation, TeamMember } from '@leadbell/shared/team';
import type { Database } from '../../db/client.ts';
import { users } from '../../db/schema/auth.ts';
import { deliveryPreferences } from '../../db/schema/devices.ts';
import { entityInvitations } from '../../db/schema/invitations.ts';
import { alias } from 'drizzle-orm/pg-core';
import { getSeats } from './seats.ts';
import { invitationColumns, toTeamInvitation } from './team-records.ts';

const inviters = alias(users, 'inviters');

/** The entity's open invitations (expired ones too, to resend), oldest first; or one of them. */
export async function listTeamInvitations(
  db: Database,
  entityId: string,
  now: Date,
  invitationId?: string,
): Promise<TeamInvitation[]> {
  const rows = await db
    .select({ ...invitationColumns, inviterName: inviters.name })
    .from(entityInvitations)
    .leftJoin(inviters, eq(inviters.id, entityInvitations.invitedBy))
    .where(
      and(
        eq(entityInvitations.entityId, entityId),
        isNull(entityInvitations.acceptedAt),
        isNull(entityInvitations.revokedAt),
        invitationId ? eq(entityInvitations.id, invitationId) : undefined,
      ),
    )
    .orderBy(asc(entityInvitations.createdAt));
  return rows.map((row) => toTeamInvitation(row, row.inviterName, now));
}

/** The Team page: members with their working devices, last activity and whether they are away, open invitations, seats. */
export async function getTeam(
  db: Database,
  { entityId, viewerId, now }: { entityId: string; viewerId: string; now: Date },
): Promise<Team> {
  // Table-qualified by hand: Drizzle leaves columns bare in a one-table select, where `id` would
  // mean the subquery's own.
  const workingDevices = sql<number>`(
    select count(*)::int from push_subscriptions device
     where device.user_id = "users"."id" and device.entity_id = ${entityId}
       and device.last_received_at is not null and device.consecutive_failures < ${DEVICE_FAILING_AFTER})`;
  const members = await db
    .select({
      userId: users.id,
      name: users.name,
      email: users.email,
      role: users.role,
      joinedAt: users.entityJoinedAt,
      lastActiveAt: users.lastActiveAt,
      workingDeviceCount: workingDevices,
      awaySince: deliveryPreferences.awaySince,
    })
    .from(users)
    .leftJoin(deliveryPreferences, eq(deliveryPreferences.userId, users.id))
    .where(eq(users.entityId, entityId))
    .orderBy(asc(users.entityJoinedAt), asc(users.createdAt));
  const { plan: _plan, ...seats } = await getSeats(db, entityId, now);
  return {
    members: members.map((row): TeamMember => ({
      userId: row.userId,
      name: row.name,
      email: row.email,
      role: row.role === 'admin' ? 'admin' : 'user',
      joinedAt: row.joinedAt?.toISOString() ?? null,
      workingDeviceCount: row.workingDeviceCount,
      lastActiveAt: row.lastActiveAt?.toISOString() ?? null,
      isYou: row.userId === viewerId,
      isAway: row.awaySince !== null,
    })),
    invitations: await listTeamInvitations(db, entityId, now),
    seats,
  };
}
