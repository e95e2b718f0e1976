import { betterAuth, type BetterAuthOptions } from 'better-auth/minimal';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { bearer } from 'better-auth/plugins/bearer';
import { emailOTP } from 'better-auth/plugins/email-otp';
import type { FastifyBaseLogger } from 'fastify';
import { OTP_LENGTH, PASSWORD_MAX_LENGTH } from '@leadbell/shared/fields';
import type { Database } from '../db/client.ts';
import { accounts, rateLimits, sessions, users, verifications } from '../db/schema/auth.ts';
import { codeMail, type CodePurpose } from '../mail/code-mail.ts';
import type { Mailer } from '../mail/mailer.ts';

const DAY_SECONDS = 24 * 60 * 60;
const HOUR_SECONDS = 60 * 60;
const VERIFICATION_CODE_TTL_SECONDS = 24 * HOUR_SECONDS;
// A code that resets the password or signs in (past a lock, decision 071) opens the account: an hour.
const ACCESS_CODE_TTL_SECONDS = HOUR_SECONDS;
const ACCESS_CODE_PURPOSES: readonly CodePurpose[] = ['forget-password', 'sign-in'];

type AuthOptions = {
  db: Database;
  secret: string;
  publicUrl: string;
  trustedOrigins: string[];
  mailer: Mailer;
  log: FastifyBaseLogger;
};

/** How long a code works, as the mail says it: reset and sign-in codes are capped (see the verification hook). */
function validityOf(purpose: CodePurpose): string {
  const seconds = ACCESS_CODE_PURPOSES.includes(purpose) ? ACCESS_CODE_TTL_SECONDS : VERIFICATION_CODE_TTL_SECONDS;
  const hours = seconds / HOUR_SECONDS;
  return hours === 1 ? '1 hour' : `${hours} hours`;
}

/** Our Drizzle tables under better-auth's model names. */
export const AUTH_SCHEMA = {
  user: users,
  session: sessions,
  account: accounts,
  verification: verifications,
  rateLimit: rateLimits,
};

/** better-auth, configured for Leadbell: email + password, emailed 6-digit codes, cookie or bearer sessions. */
export function createAuth(options: AuthOptions) {
  return betterAuth(authOptionsOf(options));
}

/** The options createAuth gives better-auth; also read by the test that checks our auth tables against them. */
export function authOptionsOf({ db, secret, publicUrl, trustedOrigins, mailer, log }: AuthOptions) {
  return {
    appName: 'Leadbell',
    baseURL: publicUrl,
    basePath: '/v1/auth',
    secret,
    trustedOrigins,
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: AUTH_SCHEMA,
    }),
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      minPasswordLength: 8,
      maxPasswordLength: PASSWORD_MAX_LENGTH,
      revokeSessionsOnPasswordReset: true,
    },
    emailVerification: { autoSignInAfterVerification: true },
    // The spec keeps owners signed in for a year; the expiry rolls forward on use.
    session: { expiresIn: 365 * DAY_SECONDS, updateAge: DAY_SECONDS },
    user: {
      additionalFields: {
        role: { type: 'string', defaultValue: 'user', input: false },
        entityId: { type: 'string', required: false, input: false },
      },
    },
    databaseHooks: {
      // Every sign-up owns what it creates: it becomes the admin of the entity it onboards.
      user: { create: { before: async (user) => ({ data: { ...user, role: 'admin' } }) } },
      verification: {
        create: {
          // One expiry setting covers every emailed code; reset and sign-in codes are capped at an hour.
          before: async (verification) => {
            if (!ACCESS_CODE_PURPOSES.some((purpose) => verification.identifier.startsWith(`${purpose}-otp-`))) return;
            const cap = new Date(Date.now() + ACCESS_CODE_TTL_SECONDS * 1000);
            const expiresAt = new Date(verification.expiresAt);
            return { data: { ...verification, expiresAt: expiresAt < cap ? expiresAt : cap } };
          },
        },
      },
    },
    rateLimit: { enabled: true, storage: 'database', window: 60, max: 100 },
    advanced: {
      useSecureCookies: publicUrl.startsWith('https://'),
      defaultCookieAttributes: { sameSite: 'lax', httpOnly: true },
    },
    logger: {
      log: (level, message, ...args) => log[level]({ args }, `better-auth: ${message}`),
    },
    // An unexpected error (a failed query) reaches our error handler, which logs it redacted with
    // the request id; left to the library it goes to console.error, query parameters and all.
    // Its own API errors (wrong password, 4xx) are still answered by the library.
    onAPIError: { throw: true },
    telemetry: { enabled: false },
    plugins: [
      emailOTP({
        otpLength: OTP_LENGTH,
        expiresIn: VERIFICATION_CODE_TTL_SECONDS,
        allowedAttempts: 5,
        storeOTP: 'hashed',
        sendVerificationOnSignUp: true,
        overrideDefaultEmailVerification: true,
        // A sign-in code is a way into an existing account only: none is mailed to an unknown
        // address, and signing in with one never creates an account.
        disableSignUp: true,
        async sendVerificationOTP({ email, otp, type }) {
          // Not awaited: the answer must not take longer for real accounts than for unknown ones.
          mailer
            .send(codeMail({ to: email, code: otp, purpose: type, validFor: validityOf(type) }))
            .catch((error: unknown) => log.error({ err: error, to: email }, 'sending a code mail failed'));
        },
      }),
      bearer(),
    ],
  } satisfies BetterAuthOptions;
}

export type Auth = ReturnType<typeof createAuth>;
