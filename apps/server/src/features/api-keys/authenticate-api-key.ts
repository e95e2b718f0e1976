import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Database } from '../../db/client.ts';
import { apiKeys } from '../../db/schema/api-keys.ts';
import { AppError } from '../../http/app-error.ts';
import { hashApiKey } from './api-key-cipher.ts';

export type ApiKeyCaller = { apiKeyId: string; entityId: string };

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- module augmentation needs an interface
  interface FastifyRequest {
    apiKeyCaller: ApiKeyCaller | null;
  }
}

function presentedKey(request: FastifyRequest): string | null {
  const header = request.headers['x-api-key'];
  if (typeof header === 'string' && header.trim()) return header.trim();
  const authorization = request.headers.authorization;
  const match = authorization?.match(/^Bearer\s+(.+)$/i);
  return match?.[1]?.trim() ?? null;
}

/** Who is calling the ingestion endpoint: the entity of an active key, or 401. */
export async function authenticateApiKey(db: Database, request: FastifyRequest): Promise<ApiKeyCaller> {
  const key = presentedKey(request);
  if (!key)
    throw new AppError('invalid_api_key', 'Missing API key: send it as "Authorization: Bearer <key>" or "X-Api-Key".');
  const [row] = await db
    .select({ apiKeyId: apiKeys.id, entityId: apiKeys.entityId })
    .from(apiKeys)
    .where(and(eq(apiKeys.keyHash, hashApiKey(key)), isNull(apiKeys.revokedAt)));
  if (!row) throw new AppError('invalid_api_key', 'Invalid or revoked API key.');
  return row;
}

/** The caller of a route guarded by authenticateApiKey. */
export function apiKeyCallerOf(request: FastifyRequest): ApiKeyCaller {
  if (!request.apiKeyCaller) throw new AppError('invalid_api_key', 'Invalid or revoked API key.');
  return request.apiKeyCaller;
}
