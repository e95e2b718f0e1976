import type { ErrorCode } from '@leadbell/shared/error-codes';

const CODE_BY_LIBRARY_CODE: Record<string, ErrorCode> = {
  USER_ALREADY_EXISTS: 'user_exists',
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: 'user_exists',
  INVALID_EMAIL_OR_PASSWORD: 'invalid_credentials',
  INVALID_PASSWORD: 'invalid_credentials',
  EMAIL_NOT_VERIFIED: 'email_not_verified',
  USER_NOT_FOUND: 'user_not_found',
  INVALID_OTP: 'invalid_code',
  OTP_EXPIRED: 'code_expired',
  TOO_MANY_ATTEMPTS: 'too_many_attempts',
  PASSWORD_TOO_SHORT: 'validation_error',
  PASSWORD_TOO_LONG: 'validation_error',
  INVALID_EMAIL: 'validation_error',
};

const CODE_BY_STATUS: Record<number, ErrorCode> = {
  400: 'validation_error',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  429: 'rate_limited',
};

/** Translates better-auth's error answers into the API's stable snake_case codes. */
export function toApiErrorCode(status: number, libraryCode: string | undefined): ErrorCode {
  const mapped =
    libraryCode && Object.hasOwn(CODE_BY_LIBRARY_CODE, libraryCode) ? CODE_BY_LIBRARY_CODE[libraryCode] : undefined;
  return mapped || CODE_BY_STATUS[status] || (status >= 500 ? 'internal_error' : 'validation_error');
}
