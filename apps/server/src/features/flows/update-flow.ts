import type { Flow, FlowInput } from '@leadbell/shared/flows';
import type { Database } from '../../db/client.ts';
import { flows } from '../../db/schema/flows.ts';
import { AppError } from '../../http/app-error.ts';
import { isUuid } from '../../http/ids.ts';
import { ownedFlow, toFlow } from './flow-record.ts';

export async function updateFlow(db: Database, entityId: string, flowId: string, input: FlowInput): Promise<Flow> {
  if (!isUuid(flowId)) throw new AppError('not_found', 'Flow not found.');
  const [row] = await db
    .update(flows)
    .set({ ...input, updatedAt: new Date() })
    .where(ownedFlow(entityId, flowId))
    .returning();
  if (!row) throw new AppError('not_found', 'Flow not found.');
  return toFlow(row);
}
