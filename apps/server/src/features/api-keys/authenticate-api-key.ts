import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Database } from '../../db/client.ts';
import { apiKeys, type API_KEY_KINDS } from '../../db/schema/api-keys.ts';

type ApiKeyKind = (typeof API_KEY_KINDS)[number];
import { AppError } from '../../http/app-error.ts';
import { createTtlCache } from '../../lib/ttl-cache.ts';
import { hashApiKey } from '../../lib/api-key-cipher.ts';

export type ApiKeyCaller = {
  apiKeyId: string;
  entityId: string;
  allowedOrigins: string[];
  kind: ApiKeyKind;
  /** The one flow a webhook token may notify; null for API keys. */
  flowId: string | null;
};

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- module augmentation needs an interface
  interface FastifyRequest {
    /** Set before the body is read when the key came in a header. */
    apiKeyCaller: ApiKeyCaller | null;
  }
}

/** The key a request presents in `Authorization: Bearer` or `X-Api-Key`, if any. */
export function apiKeyOfHeaders(request: FastifyRequest): string | null {
  const header = request.headers['x-api-key'];
  if (typeof header === 'string' && header.trim()) return header.trim();
  const authorization = request.headers.authorization;
  const match = authorization?.match(/^Bearer\s+(.+)$/i);
  return match?.[1]?.trim() ?? null;
}

export type ApiKeyAuthenticator = {
  /**
   * The caller of an active key, or 401. A key seen in the last minute is answered from memory:
   * leadbell_accept_notifications checks that it is still active with the same allowed origins,
   * and `fresh` reads it again for a caller that found the remembered one out of date.
   */
  authenticate: (key: string | null, options?: { fresh?: boolean; kind?: ApiKeyKind }) => Promise<ApiKeyCaller>;
  /**
   * Rehearses the look-up of a key (decision 093): one of the installation's active keys read as
   * a request reads it, on a connection of the pool, remembering nothing. Its first run prepares
   * the statement and compiles the code that reads its row.
   */
  warmUp: () => Promise<void>;
};

/** Keys are remembered per process; only active ones, so a new key works at once. */
export function createApiKeyAuthenticator(db: Database): ApiKeyAuthenticator {
  // Every ingestion request runs this lookup: built once, and planned once per connection.
  const findActiveKey = db
    .select({
      apiKeyId: apiKeys.id,
      entityId: apiKeys.entityId,
      allowedOrigins: apiKeys.allowedOrigins,
      kind: apiKeys.kind,
      flowId: apiKeys.flowId,
    })
    .from(apiKeys)
    .where(and(eq(apiKeys.keyHash, sql.placeholder('keyHash')), isNull(apiKeys.revokedAt)))
    .prepare('authenticate_api_key');
  const remembered = createTtlCache<string, ApiKeyCaller>({ ttlMs: 60_000, maxEntries: 10_000 });

  return {
    async authenticate(key, { fresh = false, kind = 'api' } = {}) {
      if (!key)
        throw new AppError(
          'invalid_api_key',
          'Missing API key: send it as "Authorization: Bearer <key>", "X-Api-Key" or an apiKey form field.',
        );
      // Remembered by the key itself: hashing it on every request is the cost being saved.
      let caller = fresh ? undefined : remembered.get(key);
      if (!caller) {
        const [row] = await findActiveKey.execute({ keyHash: hashApiKey(key) });
        if (!row) {
          remembered.delete(key);
          throw new AppError('invalid_api_key', 'Invalid or revoked API key.');
        }
        remembered.set(key, row);
        caller = row;
      }
      if (caller.kind !== kind) {
        throw new AppError(
          'invalid_api_key',
          caller.kind === 'hook'
            ? 'This is a webhook address token: post to the address itself, not with it as an API key.'
            : 'Invalid or revoked webhook address.',
        );
      }
      return caller;
    },
    async warmUp() {
      const [known] = await db
        .select({ keyHash: apiKeys.keyHash })
        .from(apiKeys)
        .where(isNull(apiKeys.revokedAt))
        .limit(1);
      await findActiveKey.execute({ keyHash: known?.keyHash ?? hashApiKey('') });
    },
  };
}
