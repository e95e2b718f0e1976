import { maskApiKey } from '@leadbell/shared/masking';
import type { FlowHook } from '@leadbell/shared/flows';
import type { Database } from '../../db/client.ts';
import { apiKeys } from '../../db/schema/api-keys.ts';
import { generateHookToken, hashApiKey, type ApiKeyCipher } from '../../lib/api-key-cipher.ts';
import { getFlowOrThrow } from '../flows/get-flow.ts';
import { activeFlowHook, flowHookColumns, toFlowHook } from './flow-hook-record.ts';

/**
 * Gives the flow a new webhook address; the old one, if any, stops working in the same
 * transaction (one active address per flow, a partial unique index).
 */
export async function replaceFlowHook(
  db: Database,
  { flowId, entityId }: { flowId: string; entityId: string },
  options: { cipher: ApiKeyCipher; publicUrl: string },
): Promise<FlowHook> {
  await getFlowOrThrow(db, entityId, flowId);
  const token = generateHookToken();
  const row = await db.transaction(async (tx) => {
    await tx.update(apiKeys).set({ revokedAt: new Date() }).where(activeFlowHook(entityId, flowId));
    const [created] = await tx
      .insert(apiKeys)
      .values({
        entityId,
        flowId,
        kind: 'hook',
        label: 'Webhook address',
        keyHash: hashApiKey(token),
        keyCiphertext: options.cipher.encrypt(token),
        maskedKey: maskApiKey(token),
      })
      .returning(flowHookColumns);
    return created!;
  });
  return toFlowHook(row, options);
}
