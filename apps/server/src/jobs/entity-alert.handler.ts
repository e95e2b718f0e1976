import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { users } from '../db/schema/auth.ts';
import { entities } from '../db/schema/entities.ts';
import { entityAlerts } from '../db/schema/usage.ts';
import { entityAlertMail } from '../features/usage/entity-alert-mail.ts';
import { billingColumns, billingStateOf } from '../lib/billing-state.ts';
import type { EntityAlertPayload } from './entity-alert.job.ts';
import type { JobContext } from './job-definition.ts';

/** Whether a lead of the entity waits for a larger plan (not one quarantined since). */
async function isAnyLeadHeld(db: Database, entityId: string): Promise<boolean> {
  const { rows } = await db.execute(
    sql`select from notifications where entity_id = ${entityId} and is_held and lead_status <> 'spam' limit 1`,
  );
  return rows.length > 0;
}

/**
 * Sends one alert (usage, held leads, a spam flood) to the entity's admins and marks it sent. Idempotent: an alert already
 * marked sent does nothing. A mail that fails throws, and pg-boss runs the job again; a rerun
 * after a partial send may mail an admin twice, which beats not at all.
 */
export function createEntityAlertHandler({ queue: { db }, mailer, env }: Pick<JobContext, 'queue' | 'mailer' | 'env'>) {
  return async function sendEntityAlert({ entityId, periodStart, alert }: EntityAlertPayload): Promise<void> {
    const thisAlert = and(
      eq(entityAlerts.entityId, entityId),
      eq(entityAlerts.periodStart, new Date(periodStart)),
      eq(entityAlerts.kind, alert),
    );
    const [pending] = await db
      .select({ name: entities.name, ...billingColumns })
      .from(entityAlerts)
      .innerJoin(entities, eq(entities.id, entityAlerts.entityId))
      .where(and(thisAlert, isNull(entityAlerts.sentAt)));
    if (!pending) return;
    if (alert === 'leads_held' && !(await isAnyLeadHeld(db, entityId))) {
      // Spam counts against the plan until the worker's verdict gives it back (decision 039), and
      // may be held meanwhile: when what was held has been quarantined, no lead waits. Forgotten,
      // so a lead held later this month is still told.
      await db.delete(entityAlerts).where(and(thisAlert, isNull(entityAlerts.sentAt)));
      return;
    }
    const { plan } = billingStateOf(pending, new Date(periodStart));
    const admins = await db
      .select({ email: users.email })
      .from(users)
      .where(and(eq(users.entityId, entityId), eq(users.role, 'admin')));
    for (const admin of admins) {
      await mailer.send(
        entityAlertMail({
          to: admin.email,
          alert,
          plan,
          entityName: pending.name,
          publicUrl: env.PUBLIC_URL,
        }),
      );
    }
    await db
      .update(entityAlerts)
      .set({ sentAt: sql`now()` })
      .where(thisAlert);
  };
}
