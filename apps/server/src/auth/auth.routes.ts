import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ApiErrorBody } from '@leadbell/shared/error-codes';
import type { Auth } from './auth.ts';
import { AUTH_POST_DOCS, AUTH_READ_DOCS } from './auth-endpoints.ts';
import { toApiErrorCode } from './auth-errors.ts';
import { AUTH_READ_ENDPOINTS, authBodySchemaOf, runAuthPreflight, type AuthPostEndpoint } from './auth-preflight.ts';
import { clearSignInFailures, settleSignInAttempt } from './sign-in-throttle.ts';
import type { Database } from '../db/client.ts';
import { AppError, statusOf } from '../http/app-error.ts';
import { sendServiceUnavailable } from '../http/error-handler.ts';
import { documentationOnly } from '../http/openapi-responses.ts';

const SIGN_IN = '/sign-in/email';
const SIGN_IN_WITH_CODE = '/sign-in/email-otp';

/** The library's answer to a sign-in, by password or by code, settles the lockout (sign-in-throttle.ts). */
async function settleSignIn(db: Database, endpoint: string, body: unknown, ip: string, status: number) {
  if (endpoint === SIGN_IN) await settleSignInAttempt(db, (body as { email: string }).email, ip, status);
  else if (endpoint === SIGN_IN_WITH_CODE && status < 400)
    await clearSignInFailures(db, (body as { email: string }).email);
}

type AuthRoutesOptions = {
  auth: Auth;
  db: Database;
  publicUrl: string;
  trustedOrigins: string[];
  /** better-auth answers a bare 500 when its database is away; this tells that apart from a bug. */
  isDatabaseDown: () => Promise<boolean>;
};

/**
 * Mounts better-auth under /v1/auth, one route per endpoint Leadbell offers (any other path under
 * /v1/auth answers 404 like every unknown route). Requests are checked by our shared schemas first
 * (same messages as every other route), then handed to the library as web Requests; its error
 * answers come back in the API's `{ error }` envelope. The body schemas are documentation only:
 * the preflight validates, after the origin check.
 */
export function registerAuthRoutes(
  app: FastifyInstance,
  { auth, db, publicUrl, trustedOrigins, isDatabaseDown }: AuthRoutesOptions,
) {
  const bridge = (endpoint: string) => async (request: FastifyRequest, reply: FastifyReply) => {
    // Cross-site request forgery is refused before any lookup can answer anything.
    if (request.method === 'POST' && !trustedOrigins.includes(request.headers.origin ?? '')) {
      throw new AppError('forbidden', 'This origin may not call the auth endpoints.');
    }
    const body = request.method === 'POST' ? await runAuthPreflight(endpoint, request.body, db, request.ip) : undefined;
    const response = await auth.handler(toWebRequest(request, publicUrl, body)).catch(async (error: unknown) => {
      await settleSignIn(db, endpoint, body, request.ip, 500);
      throw error;
    });
    await settleSignIn(db, endpoint, body, request.ip, response.status);
    if (response.status >= 500 && (await isDatabaseDown())) return sendServiceUnavailable(reply);
    return sendWebResponse(reply, response);
  };

  for (const [endpoint, { response, ...docs }] of Object.entries(AUTH_POST_DOCS)) {
    app.post(
      `/v1/auth${endpoint}`,
      {
        schema: { ...docs, body: authBodySchemaOf(endpoint as AuthPostEndpoint), response },
        validatorCompiler: documentationOnly,
      },
      bridge(endpoint),
    );
  }
  for (const endpoint of AUTH_READ_ENDPOINTS) {
    const { response, ...docs } = AUTH_READ_DOCS[endpoint];
    app.get(`/v1/auth${endpoint}`, { schema: { ...docs, response } }, bridge(endpoint));
  }
}

function toWebRequest(request: FastifyRequest, publicUrl: string, body: unknown): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined || name === 'content-length') continue;
    for (const item of Array.isArray(value) ? value : [value]) headers.append(name, item);
  }
  headers.set('x-forwarded-for', request.ip);
  return new Request(new URL(request.url, publicUrl), {
    method: request.method,
    headers,
    ...(body !== undefined && { body: JSON.stringify(body) }),
  });
}

async function sendWebResponse(reply: FastifyReply, response: Response) {
  for (const [name, value] of response.headers) {
    if (name === 'set-cookie' || name === 'content-length') continue;
    reply.header(name, value);
  }
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) reply.header('set-cookie', cookies);
  const text = await response.text();
  if (response.status < 400) return reply.status(response.status).send(text === '' ? null : text);

  let library: { code?: string; message?: string } = {};
  try {
    library = JSON.parse(text) as typeof library;
  } catch {
    // Not JSON (an empty 429 from the rate limiter, say): the status alone decides the code.
  }
  const retryAfter = response.headers.get('x-retry-after');
  if (retryAfter) reply.header('retry-after', retryAfter);
  const code = toApiErrorCode(response.status, library.code);
  const body: ApiErrorBody = {
    error: { code, message: library.message ?? 'Request failed.', requestId: reply.request.id },
  };
  return reply.status(statusOf(code)).type('application/json').send(body);
}
