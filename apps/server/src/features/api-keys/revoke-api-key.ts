import type { Database } from '../../db/client.ts';
import { apiKeys } from '../../db/schema/api-keys.ts';
import { AppError } from '../../http/app-error.ts';
import { isUuid } from '../../http/ids.ts';
import { activeApiKey } from './api-key-record.ts';

/** Revoked keys stop authenticating at once: the lookup filters on revoked_at. */
export async function revokeApiKey(db: Database, entityId: string, id: string): Promise<void> {
  if (!isUuid(id)) throw new AppError('not_found', 'API key not found.');
  const revoked = await db
    .update(apiKeys)
    .set({ revokedAt: new Date() })
    .where(activeApiKey(entityId, id))
    .returning({ id: apiKeys.id });
  if (revoked.length === 0) throw new AppError('not_found', 'API key not found.');
}
