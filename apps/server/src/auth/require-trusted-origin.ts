import type { onRequestAsyncHookHandler } from 'fastify';
import { AppError } from '../http/app-error.ts';

/**
 * An onRequest hook for a route outside /v1/auth that signs someone in: like the auth bridge, it
 * refuses any request without an `Origin` of the console, so another site cannot make a browser
 * sign in to an account of its choosing (login cross-site request forgery).
 */
export function createRequireTrustedOrigin(trustedOrigins: string[]): onRequestAsyncHookHandler {
  return async function requireTrustedOrigin(request) {
    if (!trustedOrigins.includes(request.headers.origin ?? ''))
      throw new AppError('forbidden', 'This origin may not call this endpoint.');
  };
}
