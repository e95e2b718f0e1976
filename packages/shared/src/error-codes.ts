import { z } from 'zod';
import { ERROR_CODES } from './error-code-list.ts';

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
