import type { Flow } from '@leadbell/shared/flows';
import type { Database } from '../../db/client.ts';
import { flows } from '../../db/schema/flows.ts';
import { AppError } from '../../http/app-error.ts';
import { isUuid } from '../../http/ids.ts';
import { ownedFlow, toFlow } from './flow-record.ts';

export async function getFlowOrThrow(db: Database, entityId: string, flowId: string): Promise<Flow> {
  if (!isUuid(flowId)) throw new AppError('not_found', 'Flow not found.');
  const [row] = await db.select().from(flows).where(ownedFlow(entityId, flowId));
  if (!row) throw new AppError('not_found', 'Flow not found.');
  return toFlow(row);
}
