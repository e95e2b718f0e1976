import { and, desc, eq, isNull } from 'drizzle-orm';
import type { ApiKeySummary } from '@leadbell/shared/api-keys';
import type { Database } from '../../db/client.ts';
import { apiKeys } from '../../db/schema/api-keys.ts';
import { apiKeySummaryColumns, toApiKeySummary } from './api-key-record.ts';

/** The entity's active keys, newest first. */
export async function listApiKeys(db: Database, entityId: string): Promise<ApiKeySummary[]> {
  const rows = await db
    .select(apiKeySummaryColumns)
    .from(apiKeys)
    .where(and(eq(apiKeys.entityId, entityId), eq(apiKeys.kind, 'api'), isNull(apiKeys.revokedAt)))
    .orderBy(desc(apiKeys.createdAt));
  return rows.map(toApiKeySummary);
}
