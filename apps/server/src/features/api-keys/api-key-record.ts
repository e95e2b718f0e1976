import { and, eq, isNull } from 'drizzle-orm';
import type { ApiKeySummary } from '@leadbell/shared/api-keys';
import { apiKeys } from '../../db/schema/api-keys.ts';

/** The columns a key's summary is read with. */
export const apiKeySummaryColumns = {
  id: apiKeys.id,
  label: apiKeys.label,
  maskedKey: apiKeys.maskedKey,
  createdAt: apiKeys.createdAt,
  lastUsedAt: apiKeys.lastUsedAt,
  allowedOrigins: apiKeys.allowedOrigins,
};

export function toApiKeySummary(
  row: Pick<typeof apiKeys.$inferSelect, keyof typeof apiKeySummaryColumns>,
): ApiKeySummary {
  return {
    id: row.id,
    label: row.label,
    maskedKey: row.maskedKey,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    allowedOrigins: row.allowedOrigins,
  };
}

/**
 * Tenancy and kind in the where clause: an active key of the API page, addressed with its entity.
 * Webhook tokens (kind `hook`) are managed on their flow, never through these routes.
 */
export function activeApiKey(entityId: string, id: string) {
  return and(eq(apiKeys.id, id), eq(apiKeys.entityId, entityId), eq(apiKeys.kind, 'api'), isNull(apiKeys.revokedAt));
}
