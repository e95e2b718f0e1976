import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { flows } from '../../db/schema/flows.ts';
import { leadIntake } from '../../db/schema/lead-intake.ts';
import { AppError } from '../../http/app-error.ts';
import { isUuid } from '../../http/ids.ts';
import { ownedFlow } from './flow-record.ts';

/** Deletes the flow and, by cascade, its notifications: docs/decisions/012-deleting-a-flow.md. */
export async function deleteFlow(db: Database, entityId: string, flowId: string): Promise<void> {
  if (!isUuid(flowId)) throw new AppError('not_found', 'Flow not found.');
  const deleted = await db.delete(flows).where(ownedFlow(entityId, flowId)).returning({ id: flows.id });
  if (deleted.length === 0) throw new AppError('not_found', 'Flow not found.');
  // Its leads no take has moved yet go with it now (decision 064): lead_intake has no foreign key to
  // cascade, and a lead accepted as the flow went is dropped by its move.
  await db.delete(leadIntake).where(and(eq(leadIntake.entityId, entityId), eq(leadIntake.flowId, flowId)));
}
