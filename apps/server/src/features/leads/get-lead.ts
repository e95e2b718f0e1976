import { and, eq } from 'drizzle-orm';
import { DEFAULT_CURRENCY } from '@leadbell/shared/lead-notes-outcomes';
import type { LeadDetail } from '@leadbell/shared/leads';
import { replySubjectOf } from '@leadbell/shared/replies';
import type { Database } from '../../db/client.ts';
import { entities } from '../../db/schema/entities.ts';
import { flows } from '../../db/schema/flows.ts';
import { AppError } from '../../http/app-error.ts';
import { isUuid } from '../../http/ids.ts';
import { summarizeDeliveries } from '../deliveries/summarize-deliveries.ts';
import { getLeadTimeline } from './get-lead-timeline.ts';
import { selectLeads, toLead, liveLeadOf } from './lead-record.ts';

/**
 * A lead with everything stored about it: every data field, who holds it, its timeline (received,
 * each device and mailbox, seen, claimed, released, done) and who has seen it. Another entity's
 * lead, and a deleted one, answer 404.
 */
export async function getLead(
  db: Database,
  { id, entityId, viewerId }: { id: string; entityId: string; viewerId: string },
): Promise<LeadDetail> {
  if (!isUuid(id)) throw new AppError('not_found', 'Lead not found.');
  const [row] = await selectLeads(db, viewerId, liveLeadOf(entityId, id));
  if (!row) throw new AppError('not_found', 'Lead not found.');
  const [summaries, { timeline, seenBy }, [entity]] = await Promise.all([
    summarizeDeliveries(db, [id]),
    getLeadTimeline(db, { id, entityId }),
    db
      .select({
        name: entities.name,
        defaultCountry: entities.defaultCountry,
        currency: entities.currency,
        replySubject: flows.replySubject,
      })
      .from(entities)
      .leftJoin(flows, and(eq(flows.id, row.flowId), eq(flows.entityId, entities.id)))
      .where(eq(entities.id, entityId)),
  ]);
  return {
    ...toLead(row, summaries.get(id)!),
    timeline,
    seenBy,
    defaultCountry: entity?.defaultCountry ?? null,
    currency: entity?.currency ?? DEFAULT_CURRENCY,
    replySubject: replySubjectOf({
      template: entity?.replySubject ?? null,
      businessName: entity?.name ?? null,
      data: row.data,
    }),
  };
}
