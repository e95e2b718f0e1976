import { and, asc, eq } from 'drizzle-orm';
import { onboardingStepOf, type Me } from '@leadbell/shared/session';
import type { SessionUser } from '../../auth/require-session.ts';
import type { Database } from '../../db/client.ts';
import { users } from '../../db/schema/auth.ts';
import { findEntity } from '../entities/get-entity.ts';

/** Whom a member asks for what only admins may do (the /unauthorized page names them). */
async function findAdminNames(db: Database, entityId: string | null): Promise<string[]> {
  if (!entityId) return [];
  const rows = await db
    .select({ name: users.name })
    .from(users)
    .where(and(eq(users.entityId, entityId), eq(users.role, 'admin')))
    .orderBy(asc(users.entityJoinedAt), asc(users.name));
  return rows.map((row) => row.name);
}

/** The console's auth state in one call: the user, their entity, its admins and the onboarding step. */
export async function getMe(db: Database, user: SessionUser, now: Date): Promise<Me> {
  const [entity, admins] = await Promise.all([findEntity(db, user.entityId, now), findAdminNames(db, user.entityId)]);
  return { user, entity, admins, onboardingStep: onboardingStepOf(entity) };
}
