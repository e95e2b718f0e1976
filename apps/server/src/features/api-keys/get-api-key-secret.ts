import type { ApiKeySecret } from '@leadbell/shared/api-keys';
import type { Database } from '../../db/client.ts';
import { apiKeys } from '../../db/schema/api-keys.ts';
import { AppError } from '../../http/app-error.ts';
import { isUuid } from '../../http/ids.ts';
import { activeApiKey } from './api-key-record.ts';
import type { ApiKeyCipher } from '../../lib/api-key-cipher.ts';

/** The plain key for the console's copy button; only the owning entity's active keys. */
export async function getApiKeySecretOrThrow(
  db: Database,
  cipher: ApiKeyCipher,
  entityId: string,
  id: string,
): Promise<ApiKeySecret> {
  if (!isUuid(id)) throw new AppError('not_found', 'API key not found.');
  const [row] = await db
    .select({ keyCiphertext: apiKeys.keyCiphertext })
    .from(apiKeys)
    .where(activeApiKey(entityId, id));
  if (!row) throw new AppError('not_found', 'API key not found.');
  return { API_Key: cipher.decrypt(row.keyCiphertext) };
}
