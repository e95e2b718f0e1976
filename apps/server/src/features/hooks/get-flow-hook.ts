import type { FlowHookState } from '@leadbell/shared/flows';
import type { Database } from '../../db/client.ts';
import { apiKeys } from '../../db/schema/api-keys.ts';
import type { ApiKeyCipher } from '../../lib/api-key-cipher.ts';
import { getFlowOrThrow } from '../flows/get-flow.ts';
import { activeFlowHook, flowHookColumns, toFlowHook } from './flow-hook-record.ts';

/** The flow's webhook address, if it has one; another entity's flow answers 404. */
export async function getFlowHook(
  db: Database,
  { flowId, entityId }: { flowId: string; entityId: string },
  options: { cipher: ApiKeyCipher; publicUrl: string },
): Promise<FlowHookState> {
  await getFlowOrThrow(db, entityId, flowId);
  const [row] = await db.select(flowHookColumns).from(apiKeys).where(activeFlowHook(entityId, flowId));
  return { hook: row ? toFlowHook(row, options) : null };
}
