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

/** Methods that change state: made with the session cookie, the console must have sent them. */
export const STATE_CHANGES: ReadonlySet<string> = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** The ones whose body must be JSON. A browser sends DELETE across origins only after a CORS preflight, which no console route grants. */
export const JSON_ONLY: ReadonlySet<string> = new Set(['POST', 'PUT', 'PATCH']);

function isJson(contentType: string | undefined): boolean {
  return contentType?.split(';')[0]?.trim().toLowerCase() === 'application/json';
}

/** Reads the cookie or bearer session a request carries: its user, or null for none. */
export function createFindSessionUser(auth: Auth) {
  return async function findSessionUser(request: FastifyRequest): Promise<SessionUser | null> {
    const result = await auth.api.getSession({ headers: fromNodeHeaders(request.headers) });
    if (!result) return null;
    const { id, email, name, role, entityId } = result.user;
    return { id, email, name, role: role === 'admin' ? 'admin' : 'user', entityId: entityId ?? null };
  };
}

/**
 * Refuses a state change made with the session cookie that the console did not send (issue 47).
 * The browser attaches the cookie to whatever page started the request: SameSite=Lax keeps it off
 * other sites' POSTs, but not off a sibling subdomain's (the same site), and a form or a no-cors
 * fetch needs no preflight for a text/plain body. So the request's `Origin` must be one of the
 * console's (without one, `Sec-Fetch-Site` must say same-origin), and a body must be JSON, which
 * no page on another origin can send without a preflight. A bearer token is not sent by the
 * browser on its own, and an anonymous request is refused as such.
 */
function assertSentByTheConsole(request: FastifyRequest, trustedOrigins: readonly string[]): void {
  if (!STATE_CHANGES.has(request.method) || !request.headers.cookie) return;
  if (request.headers.authorization?.startsWith('Bearer ')) return;
  const { origin } = request.headers;
  const isConsole =
    origin === undefined ? request.headers['sec-fetch-site'] === 'same-origin' : trustedOrigins.includes(origin);
  if (!isConsole) throw new AppError('forbidden', 'This request did not come from the Leadbell console.');
  if (JSON_ONLY.has(request.method) && !isJson(request.headers['content-type']))
    throw new AppError('unsupported_media_type', 'Send a JSON body (`{}` for an action without input).');
}

/**
 * A hook that reads the cookie or bearer session and refuses anonymous requests with 401, and a
 * state change the console did not send with 403 or 415 (assertSentByTheConsole). It notes the
 * user's activity at most every few minutes per process, so a busy console does not write on
 * every request.
 */
export function createRequireSession(auth: Auth, db: Database, trustedOrigins: readonly string[]) {
  const findSessionUser = createFindSessionUser(auth);
  const lastNoted = createTtlCache<string, true>({ ttlMs: ACTIVITY_RESOLUTION_MS, maxEntries: 100_000 });
  return async function requireSession(request: FastifyRequest): Promise<void> {
    assertSentByTheConsole(request, trustedOrigins);
    const user = await findSessionUser(request);
    if (!user) throw new AppError('unauthorized');
    request.user = user;
    const { id } = user;
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
