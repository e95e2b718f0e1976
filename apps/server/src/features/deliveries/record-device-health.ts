import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { pushSubscriptions } from '../../db/schema/devices.ts';
import { announceUserEvent } from '../events/announce-user-event.ts';
import type { AttemptOutcome } from './attempt-outcome.ts';

/**
 * What an attempt says about the device, as one UPDATE: success resets its failure streak (the
 * console flags a long one), anything else extends it. `gone` is not here: it deletes the device.
 * `onlyIf` lets a caller make the update conditional inside a larger statement.
 */
export function deviceHealthUpdate(
  db: Database,
  subscriptionId: string,
  outcome: Exclude<AttemptOutcome, { kind: 'gone' }>,
  onlyIf?: SQL,
): SQL {
  return db
    .update(pushSubscriptions)
    .set(
      outcome.kind === 'delivered'
        ? { lastSuccessAt: sql`now()`, consecutiveFailures: 0 }
        : {
            lastFailureAt: sql`now()`,
            lastFailureReason: outcome.error,
            consecutiveFailures: sql`${pushSubscriptions.consecutiveFailures} + 1`,
          },
    )
    .where(and(eq(pushSubscriptions.id, subscriptionId), onlyIf))
    .getSQL();
}

/**
 * Records an attempt that is not part of a delivery (a test notification) on the device alone,
 * and tells its user's open consoles, which show a test's outcome as it happens.
 */
export async function recordDeviceHealth(db: Database, subscriptionId: string, outcome: AttemptOutcome): Promise<void> {
  const thisDevice = eq(pushSubscriptions.id, subscriptionId);
  if (outcome.kind !== 'gone') await db.execute(deviceHealthUpdate(db, subscriptionId, outcome));
  const [device] =
    outcome.kind === 'gone'
      ? await db.delete(pushSubscriptions).where(thisDevice).returning({ userId: pushSubscriptions.userId })
      : await db.select({ userId: pushSubscriptions.userId }).from(pushSubscriptions).where(thisDevice);
  if (device) await announceUserEvent(db, device.userId, 'setup');
}
