import { and, eq } from 'drizzle-orm';
import { maskApiKey } from '@leadbell/shared/masking';
import type { ApiKeySummary } from '@leadbell/shared/api-keys';
import type { Database } from '../../db/client.ts';
import { apiKeys } from '../../db/schema/api-keys.ts';
import type { ApiKeyCipher } from '../../lib/api-key-cipher.ts';
import { generateApiKey, hashApiKey } from '../../lib/api-key-cipher.ts';
import { toApiKeySummary } from './api-key-record.ts';

type Executor = Pick<Database, 'insert' | 'select'>;

/** Creates a key for the entity; the plain key exists only in memory and in the returned cipher text. */
export async function issueApiKey(
  db: Executor,
  cipher: ApiKeyCipher,
  entityId: string,
  { label = null, allowedOrigins = [] }: { label?: string | null; allowedOrigins?: string[] } = {},
): Promise<ApiKeySummary> {
  const key = generateApiKey();
  const [row] = await db
    .insert(apiKeys)
    .values({
      entityId,
      label,
      allowedOrigins: [...new Set(allowedOrigins)],
      keyHash: hashApiKey(key),
      keyCiphertext: cipher.encrypt(key),
      maskedKey: maskApiKey(key),
    })
    .returning();
  return toApiKeySummary(row!);
}

/** Issues the entity's first key unless it has one (choosing a plan again must not add keys). */
export async function issueFirstApiKey(db: Executor, cipher: ApiKeyCipher, entityId: string): Promise<void> {
  const existing = await db
    .select({ id: apiKeys.id })
    .from(apiKeys)
    .where(and(eq(apiKeys.entityId, entityId), eq(apiKeys.kind, 'api')))
    .limit(1);
  if (existing.length === 0) await issueApiKey(db, cipher, entityId, { label: 'Default' });
}
