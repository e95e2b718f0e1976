import { z } from 'zod';
import { textField } from './fields.ts';

export const ApiKeySummarySchema = z.object({
  id: z.string(),
  label: z.string().nullable(),
  maskedKey: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
export type ApiKeySummary = z.infer<typeof ApiKeySummarySchema>;

export const ApiKeyListSchema = z.object({ data: z.array(ApiKeySummarySchema) });
export type ApiKeyList = z.infer<typeof ApiKeyListSchema>;

/** Keeps the spec's `API_Key` field name for the copy button. */
export const ApiKeySecretSchema = z.object({ API_Key: z.string() });
export type ApiKeySecret = z.infer<typeof ApiKeySecretSchema>;

export const CreateApiKeySchema = z.object({
  label: textField({ max: [60, 'Label must be 60 characters or less.'] }).optional(),
});
export type CreateApiKey = z.infer<typeof CreateApiKeySchema>;
