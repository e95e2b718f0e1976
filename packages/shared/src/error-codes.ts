import { z } from 'zod';

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
  'voice_disabled',
  'caller_id_failed',
  'internal_error',
  'service_unavailable',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

export type FieldErrors = Record<string, string[]>;

export type ApiErrorBody = {
  error: {
    code: ErrorCode;
    message: string;
    /** The request's id, also sent as the `x-request-id` header: quote it to support, find it in the logs. */
    requestId: string;
    /** `fields` for input errors; other keys for codes that carry state (`lead` with `lead_taken`). */
    details?: { fields?: FieldErrors; [key: string]: unknown };
  };
};

/**
 * The error envelope as a schema: documents every 4xx/5xx answer in the OpenAPI document and
 * lets a client read one. `code` is a plain string there because clients must tolerate codes
 * added later (docs/api.md, versioning); `details` may gain keys for the same reason.
 */
export const ApiErrorBodySchema = z
  .object({
    error: z.object({
      code: z
        .string()
        .describe(
          `Stable snake_case code to branch on (never on the message). Known codes: ${ERROR_CODES.join(', ')}.`,
        ),
      message: z.string().describe('Readable explanation, may change wording at any time.'),
      requestId: z.string().describe('Id of the request, also in the `x-request-id` header: quote it to support.'),
      details: z
        .looseObject({
          fields: z
            .record(z.string(), z.array(z.string()))
            .optional()
            .describe('Field path (`data.email`, `_` for the whole body) → messages.'),
        })
        .optional(),
    }),
  })
  .describe('The error envelope of every 4xx and 5xx answer.');
