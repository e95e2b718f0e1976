import { and, eq, sql } from 'drizzle-orm';
import type { Entity, UpdateEntity } from '@leadbell/shared/entities';
import type { Database } from '../../db/client.ts';
import { entities } from '../../db/schema/entities.ts';
import { AppError } from '../../http/app-error.ts';
import { isUuid } from '../../http/ids.ts';
import { toEntity } from './entity-record.ts';

/** Changes the business's settings (left-out ones stay); only the caller's own entity (another id answers 404). */
export async function updateEntity(
  db: Database,
  { id, callerEntityId, update, now }: { id: string; callerEntityId: string; update: UpdateEntity; now: Date },
): Promise<Entity> {
  if (!isUuid(id)) throw new AppError('not_found', 'Entity not found.');
  return db.transaction(async (tx) => {
    const owned = and(eq(entities.id, id), eq(entities.id, callerEntityId));
    const [current] = await tx.select({ timeZone: entities.timeZone }).from(entities).where(owned).for('update');
    if (!current) throw new AppError('not_found', 'Entity not found.');
    const [row] = await tx
      .update(entities)
      .set({
        defaultCountry: update.defaultCountry,
        timeZone: update.timeZone,
        businessHours: update.businessHours,
        replyToEmail: update.replyToEmail,
        currency: update.currency,
        updatedAt: sql`now()`,
      })
      .where(owned)
      .returning();
    // Insights count leads by local day: another zone recounts them (decision 025).
    if (update.timeZone && update.timeZone !== current.timeZone)
      await tx.execute(sql`select leadbell_recount_lead_stats(${id})`);
    return toEntity(row!, now);
  });
}
