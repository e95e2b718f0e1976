import { onboardingStepOf, type Me } from '@leadbell/shared/session';
import type { SessionUser } from '../../auth/require-session.ts';
import type { Database } from '../../db/client.ts';
import { findEntity } from '../entities/get-entity.ts';

/** The console's auth state in one call: the user, their entity and the onboarding step. */
export async function getMe(db: Database, user: SessionUser): Promise<Me> {
  const entity = await findEntity(db, user.entityId);
  return { user, entity, onboardingStep: onboardingStepOf(entity) };
}
