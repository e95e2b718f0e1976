import { and, eq, isNull } from 'drizzle-orm';
import type { FlowHook } from '@leadbell/shared/flows';
import { apiKeys } from '../../db/schema/api-keys.ts';
import type { ApiKeyCipher } from '../../lib/api-key-cipher.ts';

/** The columns a flow's webhook address is read with. */
export const flowHookColumns = {
  keyCiphertext: apiKeys.keyCiphertext,
  createdAt: apiKeys.createdAt,
  lastUsedAt: apiKeys.lastUsedAt,
};

/** The address a service posts to: the token is the secret, so it is decrypted only for the console. */
export function toFlowHook(
  row: Pick<typeof apiKeys.$inferSelect, keyof typeof flowHookColumns>,
  { cipher, publicUrl }: { cipher: ApiKeyCipher; publicUrl: string },
): FlowHook {
  return {
    url: `${publicUrl}/v1/hooks/${cipher.decrypt(row.keyCiphertext)}`,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  };
}

/** Tenancy in the where clause: the active webhook token of a flow of the entity. */
export function activeFlowHook(entityId: string, flowId: string) {
  return and(
    eq(apiKeys.flowId, flowId),
    eq(apiKeys.entityId, entityId),
    eq(apiKeys.kind, 'hook'),
    isNull(apiKeys.revokedAt),
  );
}
