import type { ErrorCode, FieldErrors } from '@leadbell/shared/error-codes';

const STATUS_BY_CODE: Record<ErrorCode, number> = {
  validation_error: 400,
  unauthorized: 401,
  invalid_api_key: 401,
  invalid_credentials: 401,
  forbidden: 403,
  email_not_verified: 403,
  not_found: 404,
  user_not_found: 404,
  entity_exists: 409,
  user_exists: 409,
  entity_required: 409,
  invalid_code: 400,
  code_expired: 400,
  too_many_attempts: 429,
  rate_limited: 429,
  account_locked: 429,
  payload_too_large: 413,
  unsupported_media_type: 415,
  origin_not_allowed: 403,
  push_service_not_allowed: 400,
  no_plan: 409,
  seat_limit_reached: 402,
  last_admin: 409,
  already_in_entity: 409,
  invitation_unavailable: 410,
  lead_taken: 409,
  lead_is_spam: 409,
  lead_is_test: 409,
  lead_is_held: 409,
  lead_unreachable: 422,
  mail_failed: 502,
  payment_required: 402,
  billing_disabled: 409,
  billing_unavailable: 502,
  sms_disabled: 409,
  sms_failed: 502,
  voice_disabled: 409,
  caller_id_failed: 502,
  telegram_disabled: 409,
  internal_error: 500,
  service_unavailable: 503,
};

const DEFAULT_MESSAGES: Partial<Record<ErrorCode, string>> = {
  unauthorized: 'Unauthorized: Invalid or missing token',
  not_found: 'Not found.',
  validation_error: 'Some fields are invalid.',
  internal_error: 'Something went wrong on our side. Please try again.',
  service_unavailable: 'Leadbell is briefly unavailable. Please try again in a few seconds.',
};

/** The HTTP status that goes with a code, wherever the code comes from. */
export function statusOf(code: ErrorCode): number {
  return STATUS_BY_CODE[code];
}

/** Thrown anywhere; the one error handler turns it into the `{ error }` envelope. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly fields: FieldErrors | undefined;
  readonly headers: Record<string, string>;
  /** More than field errors for a client to act on: e.g. who holds a lead. */
  readonly details: Record<string, unknown> | undefined;

  constructor(
    code: ErrorCode,
    message?: string,
    options: { fields?: FieldErrors; headers?: Record<string, string>; details?: Record<string, unknown> } = {},
  ) {
    super(message ?? DEFAULT_MESSAGES[code] ?? code);
    this.code = code;
    this.status = statusOf(code);
    this.fields = options.fields;
    this.headers = options.headers ?? {};
    this.details = options.details;
  }
}
