import type { ApiKeySummary } from '@leadbell/shared/api-keys';
import type { apiKeys } from '../../db/schema/api-keys.ts';

export function toApiKeySummary(
  row: Pick<typeof apiKeys.$inferSelect, 'id' | 'label' | 'maskedKey' | 'createdAt' | 'lastUsedAt'>,
): ApiKeySummary {
  return {
    id: row.id,
    label: row.label,
    maskedKey: row.maskedKey,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  };
}
