/**
 * Stable error codes of the API's `{ error: { code, message, details? } }` envelope.
 * Clients branch on these, never on messages. Listed with their statuses in docs/api-errors.md.
 */
export const ERROR_CODES = [
  'validation_error',
  'unauthorized',
  'forbidden',
  'not_found',
  'rate_limited',
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
  'quota_exceeded',
  'payload_too_large',
  'origin_not_allowed',
  'push_service_not_allowed',
  'no_plan',
  'seat_limit_reached',
  'last_admin',
  'already_in_entity',
  'invitation_unavailable',
  'internal_error',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

export type FieldErrors = Record<string, string[]>;

export type ApiErrorBody = {
  error: { code: ErrorCode; message: string; details?: { fields?: FieldErrors } };
};
