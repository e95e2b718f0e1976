import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Database } from '../../db/client.ts';
import { apiKeys } from '../../db/schema/api-keys.ts';
import { AppError } from '../../http/app-error.ts';
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

const preparedLookups = new WeakMap<Database, ReturnType<typeof prepareLookup>>();

function prepareLookup(db: Database) {
  return db
    .select({ apiKeyId: apiKeys.id, entityId: apiKeys.entityId, allowedOrigins: apiKeys.allowedOrigins })
    .from(apiKeys)
    .where(and(eq(apiKeys.keyHash, sql.placeholder('keyHash')), isNull(apiKeys.revokedAt)))
    .prepare('authenticate_api_key');
}

// Every ingestion request runs this lookup: built once, and planned once per connection.
function findActiveKey(db: Database) {
  let lookup = preparedLookups.get(db);
  if (!lookup) preparedLookups.set(db, (lookup = prepareLookup(db)));
  return lookup;
}

/** Who is calling the ingestion endpoint: the entity of an active key, or 401. */
export async function authenticateApiKey(db: Database, key: string | null): Promise<ApiKeyCaller> {
  if (!key)
    throw new AppError(
      'invalid_api_key',
      'Missing API key: send it as "Authorization: Bearer <key>", "X-Api-Key" or an apiKey form field.',
    );
  const [row] = await findActiveKey(db).execute({ keyHash: hashApiKey(key) });
  if (!row) throw new AppError('invalid_api_key', 'Invalid or revoked API key.');
  return row;
}
