import { and, count, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Seats } from '@leadbell/shared/team';
import { getPlan, type PlanId } from '@leadbell/shared/plans';
import { seatLimitMessage, seatsOf } from '@leadbell/shared/team';
import type { Database } from '../../db/client.ts';
import { users } from '../../db/schema/auth.ts';
import { entities } from '../../db/schema/entities.ts';
import { entityInvitations } from '../../db/schema/invitations.ts';
import { AppError } from '../../http/app-error.ts';
import { billingColumns, billingStateOf } from '../../lib/billing-state.ts';

/** An invitation that still holds a seat at `now`: not accepted, not revoked, not expired. */
export function isPendingInvitation(now: Date) {
  return and(
    isNull(entityInvitations.acceptedAt),
    isNull(entityInvitations.revokedAt),
    gt(entityInvitations.expiresAt, now),
  );
}

/** Members and pending invitations: what the plan's users count (decision 023). */
export async function countUsedSeats(db: Database, entityId: string, now: Date): Promise<number> {
  const [row] = await db
    .execute<{ used: number }>(
      sql`
    select (select count(*) from ${users} where ${users.entityId} = ${entityId})::int
         + (select count(*) from ${entityInvitations}
             where ${entityInvitations.entityId} = ${entityId} and ${isPendingInvitation(now)})::int as used`,
    )
    .then((result) => result.rows);
  return row?.used ?? 0;
}

/**
 * The seats the entity may fill: the plan in force's, or a smaller pending plan's, so a switch to
 * a smaller plan never starts with more people than it sells.
 */
export function seatPlanOf(state: { plan: PlanId; pendingPlan: PlanId | null }): PlanId {
  return state.pendingPlan && seatsOf(state.pendingPlan) < seatsOf(state.plan) ? state.pendingPlan : state.plan;
}

async function getSeatPlan(db: Database, entityId: string, now: Date): Promise<PlanId> {
  const [entity] = await db.select(billingColumns).from(entities).where(eq(entities.id, entityId));
  if (!entity) throw new AppError('not_found', 'Entity not found.');
  return seatPlanOf(billingStateOf(entity, now));
}

export async function getSeats(db: Database, entityId: string, now: Date): Promise<Seats & { plan: PlanId }> {
  const plan = await getSeatPlan(db, entityId, now);
  return { used: await countUsedSeats(db, entityId, now), included: seatsOf(plan), plan };
}

/** 402 `seat_limit_reached` unless one more person fits; run under the entity's row lock. */
export async function requireFreeSeat(db: Database, entityId: string, now: Date): Promise<void> {
  const seats = await getSeats(db, entityId, now);
  if (seats.used >= seats.included) throw new AppError('seat_limit_reached', seatLimitMessage(seats.plan));
}

/**
 * 402 `seat_limit_reached` unless the members leave room for one more: what joining from an
 * invitation needs. Only members count, since the invitation's own seat becomes the member's; a
 * pending invitation normally holds that seat, so this refuses only a plan that no longer covers
 * the members.
 */
export async function requireSeatToJoin(db: Database, entityId: string, now: Date): Promise<void> {
  const plan = await getSeatPlan(db, entityId, now);
  const [row] = await db.select({ members: count() }).from(users).where(eq(users.entityId, entityId));
  if ((row?.members ?? 0) >= seatsOf(plan))
    throw new AppError(
      'seat_limit_reached',
      'This business has no free seat on its plan. Ask the person who invited you to free one or choose a larger plan.',
    );
}

/** Choosing a plan with fewer seats than the team fills is refused, saying how many to remove. */
export async function requireSeatsForPlan(db: Database, entityId: string, plan: PlanId, now: Date): Promise<void> {
  const used = await countUsedSeats(db, entityId, now);
  const { title, includedUsers } = getPlan(plan);
  if (used <= includedUsers) return;
  const over = used - includedUsers;
  throw new AppError(
    'seat_limit_reached',
    `The ${title} plan includes ${includedUsers === 1 ? '1 user' : `${includedUsers} users`}; your team has ${used} (members and pending invitations). Remove ${over === 1 ? '1 person' : `${over} people`} first.`,
  );
}
