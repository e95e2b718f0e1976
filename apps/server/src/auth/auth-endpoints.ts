import { z } from 'zod';
import { errorResponses, jsonResponse } from '../http/openapi-responses.ts';
import { SESSION_SECURITY } from '../http/openapi.ts';
import type { AuthPostEndpoint, AuthReadEndpoint } from './auth-preflight.ts';

// The library's answers are documented loosely on purpose: Leadbell's contract is the status, the
// session cookie and the `set-auth-token` header; the console reads the user from /v1/me. Every
// field is optional and extra fields pass, so these never reject what the library sends.
const AuthUserSchema = z.looseObject({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  emailVerified: z.boolean(),
});

const SessionAnswerSchema = z
  .looseObject({ token: z.string().nullable().optional(), user: AuthUserSchema.optional() })
  .nullable();

const DoneAnswerSchema = z.looseObject({ status: z.boolean().optional(), success: z.boolean().optional() }).nullable();

const FORBIDDEN_ORIGIN = 'The request has no `Origin` header of this site: `forbidden`.';

const TOO_MANY_PROBES =
  'Too many sign-ups, reset requests or codes from this address, or for this email: `rate_limited` ("Whoa there — too many tries! Please wait a bit before your next attempt."); retry after `Retry-After` seconds.';

type EndpointDocs = {
  summary: string;
  description: string;
  security?: Array<Record<string, string[]>>;
  response: Record<string, unknown>;
};

/** What each POST endpoint does, for the OpenAPI document; typed so a new endpoint cannot go undocumented. */
export const AUTH_POST_DOCS: Record<AuthPostEndpoint, EndpointDocs> = {
  '/sign-up/email': {
    summary: 'Create an account',
    description:
      'Creates the account and mails a 6-digit code to verify the email (valid for 24 hours). Signing in waits until the email is verified. At most 10 sign-ups, reset requests and code sends from one address in 15 minutes, and 5 for one email in an hour, whether or not it has an account.',
    response: {
      200: jsonResponse(SessionAnswerSchema, 'Account created; a verification code is on its way.'),
      ...errorResponses({
        403: FORBIDDEN_ORIGIN,
        409: 'An account with this email exists: `user_exists`.',
        429: TOO_MANY_PROBES,
      }),
    },
  },
  '/email-otp/verify-email': {
    summary: 'Verify the email with its code',
    description:
      'Verifies the email and signs in: sets the session cookie and answers the same session as a bearer token in the `set-auth-token` header.',
    response: {
      200: jsonResponse(SessionAnswerSchema, 'Verified and signed in.'),
      ...errorResponses({
        400: 'Wrong or malformed code: `invalid_code`, `code_expired` or `validation_error`.',
        403: FORBIDDEN_ORIGIN,
        429: 'Too many wrong codes: `too_many_attempts`; ask for a new code.',
      }),
    },
  },
  '/email-otp/send-verification-otp': {
    summary: 'Send a new verification code, or a sign-in code',
    description:
      'Mails a new 6-digit code to an account that is not verified yet (`type: "email-verification"`, valid 24 hours), or a code to sign in with (`type: "sign-in"`, valid 1 hour): the way past an account locked by failed sign-ins. An email without an account gets nothing and the same answer. Counts with sign-ups and reset requests (see sign-up).',
    response: {
      200: jsonResponse(DoneAnswerSchema, 'Sent (or nothing to send).'),
      ...errorResponses({ 403: FORBIDDEN_ORIGIN, 429: TOO_MANY_PROBES }),
    },
  },
  '/sign-in/email-otp': {
    summary: 'Sign in with an emailed code',
    description:
      'Signs in with the code from `POST /v1/auth/email-otp/send-verification-otp` (`type: "sign-in"`), even while failed sign-ins lock the account, and lifts the lock: sets the session cookie and answers the session as a bearer token in `set-auth-token`. Five wrong codes spend the code. Never creates an account.',
    response: {
      200: jsonResponse(SessionAnswerSchema, 'Signed in.'),
      ...errorResponses({
        400: 'Wrong or malformed code: `invalid_code`, `code_expired` or `validation_error`.',
        403: FORBIDDEN_ORIGIN,
        429: 'Too many wrong codes: `too_many_attempts`; ask for a new code.',
      }),
    },
  },
  '/sign-in/email': {
    summary: 'Sign in',
    description:
      'Sets the session cookie (httpOnly, SameSite=Lax, kept a year and renewed on use) and answers the same session as a bearer token in the `set-auth-token` header. Each try is counted before the password is checked: the fourth failure in 15 minutes locks the account for 30 seconds, each further one for twice as long (up to 15 minutes), whatever addresses they come from; a code from the owner’s email signs in past the lock (`POST /v1/auth/sign-in/email-otp`). An address is locked for 15 minutes after 20 failures, whatever accounts it tries.',
    response: {
      200: jsonResponse(SessionAnswerSchema, 'Signed in.'),
      ...errorResponses({
        401: 'Wrong password: `invalid_credentials`.',
        403: 'The email is not verified yet (`email_not_verified`), or the origin is not allowed (`forbidden`).',
        404: 'No account with this email: `user_not_found`.',
        429: 'The account is locked (`account_locked`: wait `Retry-After` seconds, or sign in with an emailed code) or the address is (`rate_limited`).',
      }),
    },
  },
  '/sign-out': {
    summary: 'Sign out',
    description: 'Ends the session on the server and clears the cookie.',
    security: SESSION_SECURITY,
    response: { 200: jsonResponse(DoneAnswerSchema, 'Signed out.'), ...errorResponses({ 403: FORBIDDEN_ORIGIN }) },
  },
  '/email-otp/request-password-reset': {
    summary: 'Send a password reset code',
    description:
      'Mails a 6-digit code (valid for one hour) to reset the password with. Counts with sign-ups and code sends (see sign-up).',
    response: {
      200: jsonResponse(DoneAnswerSchema, 'Sent.'),
      ...errorResponses({
        403: FORBIDDEN_ORIGIN,
        404: 'No account with this email: `user_not_found`.',
        429: TOO_MANY_PROBES,
      }),
    },
  },
  '/email-otp/reset-password': {
    summary: 'Set a new password with the reset code',
    description: 'Sets the new password and ends every session of the user.',
    response: {
      200: jsonResponse(DoneAnswerSchema, 'Password changed.'),
      ...errorResponses({
        400: 'Wrong or malformed code or password: `invalid_code`, `code_expired` or `validation_error`.',
        403: FORBIDDEN_ORIGIN,
        429: 'Too many wrong codes: `too_many_attempts`.',
      }),
    },
  },
  '/change-password': {
    summary: 'Change the password',
    description: 'For the signed-in user, with the current password. Ends every other session of the user.',
    security: SESSION_SECURITY,
    response: {
      200: jsonResponse(SessionAnswerSchema, 'Password changed.'),
      ...errorResponses({
        401: 'Not signed in (`unauthorized`) or wrong current password (`invalid_credentials`).',
        403: FORBIDDEN_ORIGIN,
      }),
    },
  },
};

export const AUTH_READ_DOCS: Record<AuthReadEndpoint, EndpointDocs> = {
  '/get-session': {
    summary: 'Read the session',
    description:
      'The library’s view of the session: `{ session, user }`, or `null` when not signed in. The console reads `GET /v1/me` instead, which adds the business and onboarding step.',
    security: SESSION_SECURITY,
    response: {
      200: jsonResponse(
        z.looseObject({ session: z.looseObject({}).optional(), user: AuthUserSchema.optional() }).nullable(),
        'The session, or `null`.',
      ),
    },
  },
  '/ok': {
    summary: 'Check that authentication answers',
    description: 'Answers `{ "ok": true }`.',
    response: { 200: jsonResponse(z.looseObject({ ok: z.boolean().optional() }), 'Authentication is up.') },
  },
};
