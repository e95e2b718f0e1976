import type { FastifyRequest } from 'fastify';
import { fromNodeHeaders } from 'better-auth/node';
import type { Role } from '@leadbell/shared/session';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { users } from '../db/schema/auth.ts';
import { AppError } from '../http/app-error.ts';
import { createTtlCache } from '../lib/ttl-cache.ts';
import type { Auth } from './auth.ts';

export type SessionUser = { id: string; email: string; name: string; role: Role; entityId: string | null };

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- module augmentation needs an interface
  interface FastifyRequest {
    user: SessionUser | null;
  }
}

// The Team page shows when someone was last active; to the minute is plenty.
const ACTIVITY_RESOLUTION_MS = 5 * 60_000;

/**
 * A hook that reads the cookie or bearer session and refuses anonymous requests with 401. It
 * notes the user's activity at most every few minutes per process, so a busy console does not
 * write on every request.
 */
export function createRequireSession(auth: Auth, db: Database) {
  const lastNoted = createTtlCache<string, true>({ ttlMs: ACTIVITY_RESOLUTION_MS, maxEntries: 100_000 });
  return async function requireSession(request: FastifyRequest): Promise<void> {
    const result = await auth.api.getSession({ headers: fromNodeHeaders(request.headers) });
    if (!result) throw new AppError('unauthorized');
    const { id, email, name, role, entityId } = result.user;
    request.user = { id, email, name, role: role === 'admin' ? 'admin' : 'user', entityId: entityId ?? null };
    if (!lastNoted.get(id)) {
      lastNoted.set(id, true);
      await db
        .update(users)
        .set({ lastActiveAt: sql`now()` })
        .where(eq(users.id, id));
    }
  };
}

/** The signed-in user of a route guarded by requireSession. */
export function sessionUserOf(request: FastifyRequest): SessionUser {
  if (!request.user) throw new AppError('unauthorized');
  return request.user;
}

/** The caller's entity id, or 409 entity_required while onboarding is unfinished. */
export function entityIdOf(request: FastifyRequest): string {
  const { entityId } = sessionUserOf(request);
  if (!entityId) throw new AppError('entity_required', 'Create an entity first.');
  return entityId;
}
