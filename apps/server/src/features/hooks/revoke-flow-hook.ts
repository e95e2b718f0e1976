import type { Database } from '../../db/client.ts';
import { apiKeys } from '../../db/schema/api-keys.ts';
import { AppError } from '../../http/app-error.ts';
import { getFlowOrThrow } from '../flows/get-flow.ts';
import { activeFlowHook } from './flow-hook-record.ts';

/** Turns the flow's webhook address off: the next post to it answers 401. */
export async function revokeFlowHook(
  db: Database,
  { flowId, entityId }: { flowId: string; entityId: string },
): Promise<void> {
  await getFlowOrThrow(db, entityId, flowId);
  const revoked = await db
    .update(apiKeys)
    .set({ revokedAt: new Date() })
    .where(activeFlowHook(entityId, flowId))
    .returning({ id: apiKeys.id });
  if (revoked.length === 0) throw new AppError('not_found', 'This flow has no webhook address.');
}
