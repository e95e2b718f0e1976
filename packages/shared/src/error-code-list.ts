// The API's error codes alone, without zod: the published SDK bundles this file (tsup), so the
// codes it knows are these, not a copy.

/**
 * Stable error codes of the API's `{ error: { code, message, requestId, details? } }` envelope.
 * Clients branch on these, never on messages. Listed with their statuses in docs/api-errors.md.
 */
export const ERROR_CODES = [
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
