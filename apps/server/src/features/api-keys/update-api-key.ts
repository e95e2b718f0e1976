import type { ApiKeySummary, UpdateApiKey } from '@leadbell/shared/api-keys';
import type { Database } from '../../db/client.ts';
import { apiKeys } from '../../db/schema/api-keys.ts';
import { AppError } from '../../http/app-error.ts';
import { isUuid } from '../../http/ids.ts';
import { activeApiKey, apiKeySummaryColumns, toApiKeySummary } from './api-key-record.ts';

/** Changes which browser origins may use an active key; takes effect on the next request. */
export async function updateApiKey(
  db: Database,
  entityId: string,
  id: string,
  { allowedOrigins }: UpdateApiKey,
): Promise<ApiKeySummary> {
  if (!isUuid(id)) throw new AppError('not_found', 'API key not found.');
  const [row] = await db
    .update(apiKeys)
    .set({ allowedOrigins: [...new Set(allowedOrigins)] })
    .where(activeApiKey(entityId, id))
    .returning(apiKeySummaryColumns);
  if (!row) throw new AppError('not_found', 'API key not found.');
  return toApiKeySummary(row);
}
