import { describe, expect, it } from 'vitest';
import { ERROR_CODES } from '@leadbell/shared/error-code-list';
import { toApiErrorCode } from './auth-errors.ts';

describe('toApiErrorCode', () => {
  it.each([
    ['USER_ALREADY_EXISTS', 422, 'user_exists'],
    ['USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL', 422, 'user_exists'],
    ['INVALID_EMAIL_OR_PASSWORD', 401, 'invalid_credentials'],
    ['INVALID_PASSWORD', 400, 'invalid_credentials'],
    ['EMAIL_NOT_VERIFIED', 403, 'email_not_verified'],
    ['USER_NOT_FOUND', 400, 'user_not_found'],
    ['INVALID_OTP', 400, 'invalid_code'],
    ['OTP_EXPIRED', 400, 'code_expired'],
    ['TOO_MANY_ATTEMPTS', 403, 'too_many_attempts'],
    ['PASSWORD_TOO_SHORT', 400, 'validation_error'],
    ['PASSWORD_TOO_LONG', 400, 'validation_error'],
    ['INVALID_EMAIL', 400, 'validation_error'],
  ])('the library code %s (status %i) becomes %s', (libraryCode, status, code) => {
    expect(toApiErrorCode(status, libraryCode)).toBe(code);
  });

  it.each([
    [400, 'validation_error'],
    [401, 'unauthorized'],
    [403, 'forbidden'],
    [404, 'not_found'],
    [429, 'rate_limited'],
    [500, 'internal_error'],
    [503, 'internal_error'],
    [418, 'validation_error'],
    [422, 'validation_error'],
  ])('without a known library code, status %i becomes %s', (status, code) => {
    expect(toApiErrorCode(status, undefined)).toBe(code);
    expect(toApiErrorCode(status, 'SOME_NEW_LIBRARY_CODE')).toBe(code);
    expect(toApiErrorCode(status, '')).toBe(code);
  });

  it('library codes that are Object property names do not leak through', () => {
    expect(toApiErrorCode(400, 'constructor')).toBe('validation_error');
    expect(toApiErrorCode(401, 'toString')).toBe('unauthorized');
  });

  it('always answers one of the documented codes', () => {
    for (const status of [400, 401, 403, 404, 409, 422, 429, 500, 502]) {
      for (const libraryCode of [undefined, 'USER_NOT_FOUND', 'UNKNOWN', 'constructor']) {
        expect(ERROR_CODES).toContain(toApiErrorCode(status, libraryCode));
      }
    }
  });
});
