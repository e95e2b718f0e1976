import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Database } from '../../db/client.ts';
import { apiKeys } from '../../db/schema/api-keys.ts';
import { AppError } from '../../http/app-error.ts';
import { createTtlCache } from '../../lib/ttl-cache.ts';
import { hashApiKey } from './api-key-cipher.ts';

export type ApiKeyCaller = { apiKeyId: string; entityId: string; allowedOrigins: string[] };

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
  authenticate: (key: string | null, options?: { fresh?: boolean }) => Promise<ApiKeyCaller>;
};

/** Keys are remembered per process; only active ones, so a new key works at once. */
export function createApiKeyAuthenticator(db: Database): ApiKeyAuthenticator {
  // Every ingestion request runs this lookup: built once, and planned once per connection.
  const findActiveKey = db
    .select({ apiKeyId: apiKeys.id, entityId: apiKeys.entityId, allowedOrigins: apiKeys.allowedOrigins })
    .from(apiKeys)
    .where(and(eq(apiKeys.keyHash, sql.placeholder('keyHash')), isNull(apiKeys.revokedAt)))
    .prepare('authenticate_api_key');
  const remembered = createTtlCache<string, ApiKeyCaller>({ ttlMs: 60_000, maxEntries: 10_000 });

  return {
    async authenticate(key, { fresh = false } = {}) {
      if (!key)
        throw new AppError(
          'invalid_api_key',
          'Missing API key: send it as "Authorization: Bearer <key>", "X-Api-Key" or an apiKey form field.',
        );
      // Remembered by the key itself: hashing it on every request is the cost being saved.
      const known = fresh ? undefined : remembered.get(key);
      if (known) return known;
      const [row] = await findActiveKey.execute({ keyHash: hashApiKey(key) });
      if (!row) {
        remembered.delete(key);
        throw new AppError('invalid_api_key', 'Invalid or revoked API key.');
      }
      remembered.set(key, row);
      return row;
    },
  };
}
