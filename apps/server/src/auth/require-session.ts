import type { FastifyRequest } from 'fastify';
import { fromNodeHeaders } from 'better-auth/node';
import type { Role } from '@leadbell/shared/session';
import { AppError } from '../http/app-error.ts';
import type { Auth } from './auth.ts';

export type SessionUser = { id: string; email: string; name: string; role: Role; entityId: string | null };

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- module augmentation needs an interface
  interface FastifyRequest {
    user: SessionUser | null;
  }
}

/** A preHandler that reads the cookie or bearer session and refuses anonymous requests with 401. */
export function createRequireSession(auth: Auth) {
  return async function requireSession(request: FastifyRequest): Promise<void> {
    const result = await auth.api.getSession({ headers: fromNodeHeaders(request.headers) });
    if (!result) throw new AppError('unauthorized');
    const { id, email, name, role, entityId } = result.user;
    request.user = { id, email, name, role: role === 'admin' ? 'admin' : 'user', entityId: entityId ?? null };
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
