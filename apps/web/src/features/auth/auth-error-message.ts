import { ApiError, NetworkError } from '../../lib/api-client.ts';

export type AuthAction =
  | 'sign-up'
  | 'sign-in'
  | 'sign-in-code'
  | 'verify'
  | 'resend-code'
  | 'reset-request'
  | 'reset-password'
  | 'change-password';

/** Spec section 8's screen messages, keyed by the API's stable error codes. */
const MESSAGES: Partial<Record<string, string>> = {
  user_exists: 'An account with this email exists.',
  invalid_credentials: 'Incorrect email or password. Please try again.',
  user_not_found: 'No account found with this email. Please check and try again, or sign up.',
  email_not_verified: 'Please verify your email address to continue.',
  invalid_code: 'The code you entered is incorrect. Please check and try again.',
  code_expired: 'This code has expired. Send a new code and try again.',
  too_many_attempts: 'Too many incorrect attempts. Send a new code and try again.',
  rate_limited: 'Whoa there — too many tries! Please wait a bit before your next attempt.',
};

const FALLBACKS: Record<AuthAction, string> = {
  'sign-up': 'Sign up failed. Please try again.',
  'sign-in': 'Sign in failed. Please check your credentials and try again.',
  'sign-in-code': 'Sign in failed. Please try again.',
  verify: 'Verification failed. Please try again.',
  'resend-code': 'Something went wrong while sending the code. Please try again.',
  'reset-request': 'Something went wrong while sending the code. Please try again.',
  'reset-password': 'Verification failed. Please try again.',
  'change-password': 'Your password could not be changed. Please try again.',
};

/** Where the same code reads differently on one screen (spec section 8). */
const OVERRIDES: Partial<Record<AuthAction, Partial<Record<string, string>>>> = {
  'reset-request': { user_not_found: 'No account exists with this email. Please check and try again.' },
  'reset-password': {
    code_expired: 'This code has expired. Please request a new code.',
    too_many_attempts: 'Too many incorrect attempts, so this code no longer works. Please request a new code.',
  },
  // The email is known here; a wrong password can only be the current one.
  'change-password': { invalid_credentials: 'Your current password is incorrect. Please try again.' },
};

/** A server-imposed wait (429 with Retry-After), counted down on screen. */
export function waitMessage(seconds: number): string {
  return `Too many attempts. Try again in ${seconds} ${seconds === 1 ? 'second' : 'seconds'}.`;
}

/** The message an auth screen shows for a failed call. */
export function authErrorMessage(error: unknown, action: AuthAction): string {
  if (error instanceof NetworkError) return error.message;
  if (error instanceof ApiError) {
    const known = OVERRIDES[action]?.[error.code] ?? MESSAGES[error.code];
    if (known) return known;
    // Field-level problems are shown on the fields; the server's summary is clearer than a fallback.
    if (error.code === 'validation_error' && error.message) return error.message;
  }
  return FALLBACKS[action];
}
