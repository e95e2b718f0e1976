import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { sessions, users } from '../../db/schema/auth.ts';
import { deliveries } from '../../db/schema/deliveries.ts';
import { deliveryPreferences, pushSubscriptions } from '../../db/schema/devices.ts';
import { AppError } from '../../http/app-error.ts';
import { announceUserEvent } from '../events/announce-user-event.ts';

/**
 * Someone leaves the entity (removed, or by their own choice): signed out everywhere at once, no
 * device or mailbox of theirs gets the entity's leads any more, and their seat is free. Like a
 * fresh sign-up, they may then create a business of their own (spec section 6: sign-ups are admins).
 * Run inside the transaction that checked the last-admin rule.
 */
export async function endMembership(tx: Database, { entityId, userId }: { entityId: string; userId: string }) {
  const [left] = await tx
    .update(users)
    .set({ entityId: null, role: 'admin', entityJoinedAt: null, updatedAt: sql`now()` })
    .where(and(eq(users.id, userId), eq(users.entityId, entityId)))
    .returning({ id: users.id });
  if (!left) throw new AppError('not_found', 'Member not found.');
  await tx.delete(sessions).where(eq(sessions.userId, userId));
  await tx.delete(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
  await tx.delete(deliveryPreferences).where(eq(deliveryPreferences.userId, userId));
  // What was still on its way to them stops too.
  await tx
    .update(deliveries)
    .set({ status: 'failed', lastError: 'no longer in the team', updatedAt: sql`now()` })
    .where(and(eq(deliveries.userId, userId), eq(deliveries.entityId, entityId), eq(deliveries.status, 'pending')));
  await announceUserEvent(tx, userId, 'ended');
}

/** 409 `last_admin` when taking this admin away would leave the entity without one. */
export async function requireAnotherAdmin(tx: Database, { entityId, userId }: { entityId: string; userId: string }) {
  const [target] = await tx
    .select({ role: users.role })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.entityId, entityId)));
  if (!target) throw new AppError('not_found', 'Member not found.');
  if (target.role !== 'admin') return;
  const { rows } = await tx.execute<{ admins: number }>(
    sql`select count(*)::int as admins from ${users} where ${users.entityId} = ${entityId} and ${users.role} = 'admin'`,
  );
  if ((rows[0]?.admins ?? 0) <= 1)
    throw new AppError('last_admin', 'A business needs an admin: make someone else an admin first.');
}
