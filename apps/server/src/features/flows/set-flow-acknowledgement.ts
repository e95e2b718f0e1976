import type { AcknowledgementInput, Flow } from '@leadbell/shared/flows';
import type { Database } from '../../db/client.ts';
import { flows } from '../../db/schema/flows.ts';
import { AppError } from '../../http/app-error.ts';
import { isUuid } from '../../http/ids.ts';
import { ownedFlow, toFlow } from './flow-record.ts';

/**
 * The acknowledgement the flow's visitors get (decision 047): on or off, with the owner's
 * templates, and the subject of the team's replies (left out: unchanged). Leads already taken by
 * the worker keep the acknowledgement setting they were taken with.
 */
export async function setFlowAcknowledgement(
  db: Database,
  { entityId, flowId }: { entityId: string; flowId: string },
  input: AcknowledgementInput,
): Promise<Flow> {
  if (!isUuid(flowId)) throw new AppError('not_found', 'Flow not found.');
  const [row] = await db
    .update(flows)
    .set({
      acknowledgementEnabled: input.acknowledgementEnabled,
      acknowledgementSubject: input.acknowledgementSubject,
      acknowledgementBody: input.acknowledgementBody,
      acknowledgementAfterHoursBody: input.acknowledgementAfterHoursBody || null,
      ...(input.replySubject !== undefined && { replySubject: input.replySubject || null }),
      updatedAt: new Date(),
    })
    .where(ownedFlow(entityId, flowId))
    .returning();
  if (!row) throw new AppError('not_found', 'Flow not found.');
  return toFlow(row);
}
