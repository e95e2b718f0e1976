// Copied from packages/shared/src/error-codes.ts: the published SDK must not depend on the
// private contract package. error-codes.test.ts keeps the two lists equal.

/**
 * The API's documented error codes (docs/api-errors.md). A newer server may answer a code that
 * is not listed here: treat it by its HTTP status.
 */
export const LEADBELL_ERROR_CODES = [
  'validation_error',
  'unauthorized',
  'forbidden',
  'not_found',
  'rate_limited',
  'account_locked',
  'invalid_api_key',
  'entity_required',
  'entity_exists',
  'user_exists',
  'user_not_found',
  'invalid_credentials',
  'email_not_verified',
  'invalid_code',
  'code_expired',
  'too_many_attempts',
  'payload_too_large',
  'unsupported_media_type',
  'origin_not_allowed',
  'push_service_not_allowed',
  'no_plan',
  'seat_limit_reached',
  'last_admin',
  'already_in_entity',
  'invitation_unavailable',
  'lead_taken',
  'lead_is_spam',
  'lead_is_test',
  'lead_is_held',
  'lead_unreachable',
  'mail_failed',
  'payment_required',
  'billing_disabled',
  'billing_unavailable',
  'sms_disabled',
  'sms_failed',
  'telegram_disabled',
  'internal_error',
  'service_unavailable',
] as const;

/** A code the API documents. */
export type LeadbellErrorCode = (typeof LEADBELL_ERROR_CODES)[number];

/** The SDK's own code for an answer that is not the API's JSON (a proxy's HTML error page, say). */
export const UNEXPECTED_RESPONSE = 'unexpected_response';

/** What `LeadbellApiError.code` may hold: a documented code, the SDK's own, or one added later. */
export type LeadbellApiErrorCode = LeadbellErrorCode | typeof UNEXPECTED_RESPONSE | (string & {});
