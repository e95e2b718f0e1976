import type { Flow, FlowInput } from '@leadbell/shared/flows';
import type { Database } from '../../db/client.ts';
import { flows } from '../../db/schema/flows.ts';
import { toFlow } from './flow-record.ts';

export async function createFlow(db: Database, entityId: string, input: FlowInput): Promise<Flow> {
  const [row] = await db
    .insert(flows)
    .values({ entityId, ...input })
    .returning();
  return toFlow(row!);
}
