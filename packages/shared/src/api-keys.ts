import { z } from 'zod';
import { textField } from './fields.ts';

export const ApiKeySummarySchema = z.object({
  id: z.string(),
  label: z.string().nullable(),
  maskedKey: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  /** Browser origins allowed to use the key; empty means any origin. */
  allowedOrigins: z.array(z.string()),
});
export type ApiKeySummary = z.infer<typeof ApiKeySummarySchema>;

export const ApiKeyListSchema = z.object({ data: z.array(ApiKeySummarySchema) });
export type ApiKeyList = z.infer<typeof ApiKeyListSchema>;

/** Keeps the spec's `API_Key` field name for the copy button. */
export const ApiKeySecretSchema = z.object({ API_Key: z.string() });
export type ApiKeySecret = z.infer<typeof ApiKeySecretSchema>;

const ORIGIN_MESSAGE = 'Enter an origin like https://www.example.com (no path).';

/** A browser origin (`scheme://host[:port]`), normalised to lower case without a trailing slash. */
export const OriginSchema = z
  .string({ error: ORIGIN_MESSAGE })
  .trim()
  .toLowerCase()
  .transform((value) => value.replace(/\/$/, ''))
  .pipe(z.string().regex(/^https?:\/\/[a-z0-9.-]+(:\d{1,5})?$/, ORIGIN_MESSAGE));

export const AllowedOriginsSchema = z.array(OriginSchema).max(20, 'At most 20 allowed origins.');

export const CreateApiKeySchema = z.object({
  label: textField({ max: [60, 'Label must be 60 characters or less.'] }).optional(),
  allowedOrigins: AllowedOriginsSchema.optional(),
});
export type CreateApiKey = z.infer<typeof CreateApiKeySchema>;

export const UpdateApiKeySchema = z.object({ allowedOrigins: AllowedOriginsSchema });
export type UpdateApiKey = z.infer<typeof UpdateApiKeySchema>;
