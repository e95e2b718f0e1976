import type { FastifySchemaCompiler, FastifySerializerCompiler } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiErrorBodySchema } from '@leadbell/shared/error-codes';

/** What each error status means across the API; a route may describe its own case instead. */
export const ERROR_DESCRIPTIONS = {
  400: 'Invalid input: `validation_error`, with a message per field in `details.fields`.',
  401: 'Not signed in, or no valid credentials: `unauthorized`.',
  402: 'The plan does not allow it: `seat_limit_reached`.',
  403: 'Not allowed: `forbidden` (admins only, for a member; or a change made with the session cookie that the console did not send: its `Origin` is another site’s).',
  404: 'Not found for the caller: `not_found` (another account’s ids answer 404 too).',
  409: 'Conflicts with the current state.',
  410: 'Gone for good: `invitation_unavailable` (an invitation link expired, withdrawn or used).',
  413: 'The body is too large: `payload_too_large`.',
  415: 'A content type the route does not take: `validation_error`; `unsupported_media_type` for a change made with the session cookie, which takes JSON only (`{}` for an action without input).',
  429: 'Too many requests: `rate_limited`; retry after the `Retry-After` seconds.',
  500: 'Something failed on our side: `internal_error`. Quote the `requestId` to support.',
  502: 'A service we call failed (mail, Stripe): nothing changed; try again.',
  503: 'Not ready: a dependency (the database) is unreachable.',
} as const;

export type ErrorStatus = keyof typeof ERROR_DESCRIPTIONS;

/** A response documented with its own description (a bare zod schema gets the status's default one). */
export function jsonResponse<Schema extends z.ZodType>(schema: Schema, description: string) {
  return { description, content: { 'application/json': { schema } } };
}

/** One documented error answer: the `{ error }` envelope with this description. */
export function errorResponse(description: string) {
  return jsonResponse(ApiErrorBodySchema, description);
}

/**
 * The error answers a route can give beyond the ones every route gets automatically (500; 400,
 * 401 and 404 when it has input, a session guard or path parameters: see openapi.ts). A status
 * given `true` uses the common description.
 */
export function errorResponses(errors: Partial<Record<ErrorStatus, string | true>>) {
  return Object.fromEntries(
    Object.entries(errors).map(([status, description]) => [
      status,
      errorResponse(description === true ? ERROR_DESCRIPTIONS[Number(status) as ErrorStatus] : description),
    ]),
  );
}

/** `204 No Content`, documented. */
export function noContent(description: string) {
  return z.undefined().describe(description);
}

/**
 * A route's `validatorCompiler` that validates nothing: for a route that parses its own body
 * (several content types, or checks that must run first) but documents it with schemas all the
 * same. Returning `true` leaves the request as it is.
 */
export const documentationOnly: FastifySchemaCompiler<unknown> = () => () => true;

/** Like `documentationOnly` for the body, while params, query and headers are validated as usual. */
export function bodyDocumentedOnly<Schema>(route: Parameters<FastifySchemaCompiler<Schema>>[0]) {
  if (route.httpPart === 'body') return () => true;
  return validatorCompiler(route as unknown as Parameters<typeof validatorCompiler>[0]);
}

/**
 * A route's `serializerCompiler` that sends answers as they are, its response schemas documenting
 * them only: for answers that are stored and replayed later (idempotent replays), which must go out
 * as first sent even after the schema gained a field.
 */
export const serializedAsIs: FastifySerializerCompiler<unknown> = () => (data) => JSON.stringify(data);

/** Routes that act on the caller's business answer 409 until onboarding created one. */
export const ENTITY_REQUIRED = errorResponses({ 409: 'No business yet: `entity_required` (finish onboarding first).' });
