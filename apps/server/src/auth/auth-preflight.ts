import { eq } from 'drizzle-orm';
import { z } from 'zod';
import {
  ChangePasswordBodySchema,
  ResetPasswordBodySchema,
  ResetRequestSchema,
  SendVerificationCodeSchema,
  SignInCodeSchema,
  SignInSchema,
  SignUpSchema,
  VerifyEmailSchema,
} from '@leadbell/shared/auth';
import type { Database } from '../db/client.ts';
import { users } from '../db/schema/auth.ts';
import { AppError } from '../http/app-error.ts';
import { parseOrThrow } from '../http/parse.ts';
import { takeAllowances } from '../features/allowances/take-allowances.ts';
import { probeAllowancesOf } from './probe-allowances.ts';
import { reserveSignInAttempt } from './sign-in-throttle.ts';

/**
 * `isProbe`: the request tells whether an email has an account, or mails it, so it takes the
 * probe allowances (probe-allowances.ts) before anything is looked up.
 */
type Preflight = {
  schema: z.ZodType;
  isProbe?: boolean;
  check?: (body: never, db: Database, ip: string) => Promise<void>;
};

async function userExists(db: Database, email: string): Promise<boolean> {
  const rows = await db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
  return rows.length > 0;
}

// The spec's hosted identity service told people whether an email has an account (sign-up
// "exists", sign-in and reset "not found"), and its screens depend on it; the library hides it
// by default. Kept on purpose and throttled (issue 47): docs/decisions/011-account-existence-messages.md.
const PREFLIGHTS = {
  '/sign-up/email': {
    schema: SignUpSchema,
    isProbe: true,
    check: async ({ email }: { email: string }, db) => {
      if (await userExists(db, email)) throw new AppError('user_exists', 'An account with this email exists.');
    },
  },
  '/sign-in/email': {
    schema: SignInSchema,
    // Counted as a failure before anything is checked; the bridge settles it by the answer.
    check: async ({ email }: { email: string }, db, ip) => {
      await reserveSignInAttempt(db, email, ip);
      if (!(await userExists(db, email))) throw new AppError('user_not_found', 'No account found with this email.');
    },
  },
  // The way past an account's lock (decision 071): the library checks the code, 5 tries each.
  '/sign-in/email-otp': { schema: SignInCodeSchema },
  '/email-otp/verify-email': { schema: VerifyEmailSchema },
  '/email-otp/send-verification-otp': { schema: SendVerificationCodeSchema, isProbe: true },
  '/email-otp/request-password-reset': {
    schema: ResetRequestSchema,
    isProbe: true,
    check: async ({ email }: { email: string }, db) => {
      if (!(await userExists(db, email))) throw new AppError('user_not_found', 'No account exists with this email.');
    },
  },
  '/email-otp/reset-password': { schema: ResetPasswordBodySchema },
  // Changing the password ends every other session of the user, always.
  '/change-password': {
    schema: ChangePasswordBodySchema.transform((body) => ({ ...body, revokeOtherSessions: true })),
  },
  '/sign-out': { schema: z.object({}).optional() },
} satisfies Record<string, Preflight>;

/** The auth endpoints Leadbell's API offers for POST: each is a route of its own (auth.routes.ts). */
export type AuthPostEndpoint = keyof typeof PREFLIGHTS;

/** The shared schema a POST to `endpoint` is checked with: the route's documented body. */
export function authBodySchemaOf(endpoint: AuthPostEndpoint): z.ZodType {
  return PREFLIGHTS[endpoint].schema;
}

/**
 * Validates and sanitises an auth POST with the shared schemas before the library sees it.
 * Endpoints not listed here are not part of Leadbell's API and answer 404.
 */
export async function runAuthPreflight(endpoint: string, body: unknown, db: Database, ip: string): Promise<unknown> {
  const preflight: Preflight | undefined = PREFLIGHTS[endpoint as AuthPostEndpoint];
  if (!preflight) throw new AppError('not_found', `No auth endpoint ${endpoint}.`);
  const parsed = parseOrThrow(preflight.schema, body) as never;
  if (preflight.isProbe) await takeAllowances(db, probeAllowancesOf((parsed as { email: string }).email, ip));
  await preflight.check?.(parsed, db, ip);
  return parsed ?? {};
}

/** The auth endpoints Leadbell's API offers for GET. */
export const AUTH_READ_ENDPOINTS = ['/get-session', '/ok'] as const;
export type AuthReadEndpoint = (typeof AUTH_READ_ENDPOINTS)[number];
