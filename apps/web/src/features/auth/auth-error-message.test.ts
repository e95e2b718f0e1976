import { describe, expect, it } from 'vitest';
import { ApiError, NETWORK_ERROR_MESSAGE, NetworkError } from '../../lib/api-client.ts';
import { authErrorMessage, waitMessage } from './auth-error-message.ts';

describe('authErrorMessage', () => {
  it('auth errors › a network failure reads as a network error on every screen', () => {
    for (const action of ['sign-up', 'sign-in', 'verify', 'resend-code'] as const) {
      expect(authErrorMessage(new NetworkError(), action)).toBe(NETWORK_ERROR_MESSAGE);
    }
  });

  it('auth errors › an existing email on sign up', () => {
    expect(authErrorMessage(new ApiError(422, 'user_exists', 'x'), 'sign-up')).toBe(
      'An account with this email exists.',
    );
  });

  it('auth errors › wrong password on sign in', () => {
    expect(authErrorMessage(new ApiError(401, 'invalid_credentials', 'x'), 'sign-in')).toBe(
      'Incorrect email or password. Please try again.',
    );
  });

  it('auth errors › unknown email on sign in', () => {
    expect(authErrorMessage(new ApiError(404, 'user_not_found', 'x'), 'sign-in')).toBe(
      'No account found with this email. Please check and try again, or sign up.',
    );
  });

  it('auth errors › wrong code on verify', () => {
    expect(authErrorMessage(new ApiError(400, 'invalid_code', 'x'), 'verify')).toBe(
      'The code you entered is incorrect. Please check and try again.',
    );
  });

  it('auth errors › expired code and too many attempts ask for a new code', () => {
    expect(authErrorMessage(new ApiError(400, 'code_expired', 'x'), 'verify')).toMatch(/new code/);
    expect(authErrorMessage(new ApiError(429, 'too_many_attempts', 'x'), 'verify')).toMatch(/new code/);
  });

  it('auth errors › rate limiting asks to wait', () => {
    expect(authErrorMessage(new ApiError(429, 'rate_limited', 'x'), 'sign-in')).toMatch(/wait a bit/);
  });

  it('auth errors › validation errors keep the server summary', () => {
    expect(authErrorMessage(new ApiError(400, 'validation_error', 'Check the email.'), 'sign-up')).toBe(
      'Check the email.',
    );
  });

  it('auth errors › anything else falls back per screen', () => {
    const error = new ApiError(500, 'internal_error', 'boom');
    expect(authErrorMessage(error, 'sign-up')).toBe('Sign up failed. Please try again.');
    expect(authErrorMessage(error, 'sign-in')).toBe('Sign in failed. Please check your credentials and try again.');
    expect(authErrorMessage(error, 'verify')).toBe('Verification failed. Please try again.');
    expect(new Error('x') instanceof ApiError).toBe(false);
    expect(authErrorMessage(new Error('x'), 'resend-code')).toBe(
      'Something went wrong while sending the code. Please try again.',
    );
  });

  it('auth errors › an unknown email on reset request has its own wording', () => {
    expect(authErrorMessage(new ApiError(404, 'user_not_found', 'x'), 'reset-request')).toBe(
      'No account exists with this email. Please check and try again.',
    );
  });

  it('auth errors › a wrong current password on change password names the current password', () => {
    expect(authErrorMessage(new ApiError(401, 'invalid_credentials', 'x'), 'change-password')).toBe(
      'Your current password is incorrect. Please try again.',
    );
  });

  it('auth errors › a wait reads in whole seconds', () => {
    expect(waitMessage(30)).toBe('Too many attempts. Try again in 30 seconds.');
    expect(waitMessage(1)).toBe('Too many attempts. Try again in 1 second.');
  });
});
