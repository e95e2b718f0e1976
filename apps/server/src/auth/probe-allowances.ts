import { HOUR_SECONDS, MINUTE_SECONDS, subjectOf, type Allowance } from '../features/allowances/take-allowances.ts';

/** The spec's message for a throttled identity request (section 8, LimitExceededException). */
export const TOO_MANY_TRIES = 'Whoa there — too many tries! Please wait a bit before your next attempt.';
/** Sign-ups, reset requests and code sends one client address may make in 15 minutes, for any emails. */
export const PROBES_PER_ADDRESS = 10;
/** The same for one email, from any addresses, in an hour: each of them mails it. */
export const PROBES_PER_EMAIL = 5;

/**
 * What each auth request that answers whether an email has an account, or mails it, takes first
 * (issue 47): sign-up (`user_exists`), the reset request (`user_not_found`) and a code's (re)send.
 * The spec's screens need those answers (decision 011); the allowances make them too slow to
 * enumerate accounts with, or to flood a mailbox. Unknown emails count like known ones.
 */
export function probeAllowancesOf(email: string, ip: string): Allowance[] {
  return [
    {
      key: `probe-address:${ip}`,
      limit: PROBES_PER_ADDRESS,
      windowSeconds: 15 * MINUTE_SECONDS,
      refusal: TOO_MANY_TRIES,
    },
    {
      key: `probe-email:${subjectOf(email)}`,
      limit: PROBES_PER_EMAIL,
      windowSeconds: HOUR_SECONDS,
      refusal: TOO_MANY_TRIES,
    },
  ];
}
