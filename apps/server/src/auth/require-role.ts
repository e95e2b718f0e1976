import type { FastifyRequest } from 'fastify';
import type { Role } from '@leadbell/shared/session';
import { AppError } from '../http/app-error.ts';
import { sessionUserOf } from './require-session.ts';

/**
 * An onRequest hook declared beside each route after requireSession (decision 023): a member
 * calling an admin route gets 403 `forbidden`. Roles are read from the database on every request
 * (better-auth's session lookup), so a role change applies to the very next call.
 */
export function requireRole(role: Role) {
  return async function requireRoleOf(request: FastifyRequest): Promise<void> {
    if (sessionUserOf(request).role !== role)
      throw new AppError(
        'forbidden',
        role === 'admin' ? 'Only an admin of this business can do this.' : 'Not allowed.',
      );
  };
}
