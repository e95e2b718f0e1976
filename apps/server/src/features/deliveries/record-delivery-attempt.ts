import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { pushSubscriptions } from '../../db/schema/devices.ts';
import { retryDelayMs } from '../../jobs/deliver-notification.job.ts';
import { wakeDeliveryWorkers } from '../../jobs/wake-delivery-workers.ts';
import { DELIVERY_EVENTS_CHANNEL, deliveryEventPayload } from '../events/notification-hub.ts';
import type { AttemptOutcome } from './attempt-outcome.ts';
import { deviceHealthUpdate } from './record-device-health.ts';

export type NextState = {
  status: 'pending' | 'delivered' | 'failed';
  /** What the attempt row says: delivered, retry, gone or failed. */
  attemptOutcome: string;
  error: string | null;
  retryAt: Date | null;
};

/**
 * Where a delivery goes after an attempt. A retry waits for the push service's Retry-After when
 * it gave one, otherwise for the backoff; a retry that would land past the notification's TTL
 * is not made (the push service would drop the message anyway) and the delivery fails instead.
 */
export function nextDeliveryState(
  outcome: AttemptOutcome,
  attempt: number,
  deadline: number,
  now = Date.now(),
  random: () => number = Math.random,
): NextState {
  if (outcome.kind === 'delivered')
    return { status: 'delivered', attemptOutcome: 'delivered', error: null, retryAt: null };
  if (outcome.kind !== 'retry')
    return { status: 'failed', attemptOutcome: outcome.kind, error: outcome.error, retryAt: null };
  const retryAt = now + (outcome.retryAfterMs ?? retryDelayMs(attempt, random));
  if (retryAt >= deadline) {
    const error = `${outcome.error}; gave up when the notification expired`;
    return { status: 'failed', attemptOutcome: 'failed', error, retryAt: null };
  }
  return { status: 'pending', attemptOutcome: 'retry', error: outcome.error, retryAt: new Date(retryAt) };
}

/**
 * When the last of a user's push deliveries of a notification fails and none got through, the
 * email copy goes out instead (decision 021), queued in the transaction that records the failure.
 * The caller holds the (notification, user) lock, so two devices failing at once still send one.
 */
async function queueEmailIfEveryPushFailed(
  db: Database,
  { notificationId, userId }: { notificationId: string; userId: string },
): Promise<void> {
  const { rows } = await db.execute<{ id: string }>(sql`
    insert into deliveries (notification_id, entity_id, channel, user_id, fallback_reason)
    select d.notification_id, d.entity_id, 'email', d.user_id, 'push_failed'
      from deliveries d
     where d.notification_id = ${notificationId} and d.user_id = ${userId} and d.purpose = 'lead'
       -- Personal channels (Telegram) do not count: the email stands in for the devices only.
       and d.channel in ('push', 'email')
     group by d.notification_id, d.entity_id, d.user_id
    having bool_and(d.channel = 'push' and d.status = 'failed')
    on conflict do nothing
    returning id`);
  // Due now, for any worker (decision 067), which hears of it at the commit.
  if (rows.length > 0) await wakeDeliveryWorkers(db);
}

/**
 * An attempt that settles its delivery: it got through (the push service, mail server or
 * provider took it), or it failed for good where nothing follows a failure: not a push (whose
 * failure may bring the email copy and changes the device's health), and not to be retried.
 */
export type SettledAttempt = {
  deliveryId: string;
  entityId: string;
  notificationId: string;
  /** The device it reached; null for any other channel. */
  subscriptionId: string | null;
  attempt: number;
  status: 'delivered' | 'failed';
  error: string | null;
  statusCode: number | null;
  durationMs: number;
};

/**
 * Records any number of settled attempts in one statement, so one commit: each delivery
 * delivered or failed, its attempt row, a reached device's failure streak reset, and one NOTIFY
 * per lead for live consoles. A team's fan-out, or a lead's texts refused past the allowance,
 * costs one write, not one per target. Guarded by the attempt number like recordDeliveryAttempt,
 * so a job that runs twice records once.
 */
export async function recordSettledAttempts(db: Database, attempts: SettledAttempt[]): Promise<void> {
  if (attempts.length === 0) return;
  const leads = new Map(
    attempts.map((one) => [one.notificationId, deliveryEventPayload(one.entityId, one.notificationId)]),
  );
  const column = <T>(pick: (one: SettledAttempt) => T) => sql.param(attempts.map(pick));
  // One statement (functions/delivery-attempts.sql), planned once per connection.
  await db.execute(sql`
    select leadbell_record_settled_attempts(
      ${column((one) => one.deliveryId)}::uuid[], ${column((one) => one.attempt)}::int[],
      ${column((one) => one.status)}::text[], ${column((one) => one.error)}::text[],
      ${column((one) => one.statusCode)}::int[], ${column((one) => one.durationMs)}::int[],
      ${column((one) => one.subscriptionId)}::uuid[], ${DELIVERY_EVENTS_CHANNEL},
      ${sql.param([...leads.keys()])}::uuid[], ${sql.param([...leads.values()])}::text[])`);
}

/**
 * Records attempt number `attempt`: the attempt row, the delivery's new state (a retry: due at its
 * time, decision 067), the device's health, an email copy when it was the user's last push to
 * fail, and a NOTIFY for live consoles when the state changed, all or nothing. Guarded by the
 * attempt number, so an attempt made twice (its worker's claim ran out mid-send) records once.
 * The usual case (delivered) is recordSettledAttempts' single statement; a vanished device or a
 * failed push adds statements inside a transaction. Returns when the retry is due, if there is one.
 */
export async function recordDeliveryAttempt(
  db: Database,
  {
    deliveryId,
    entityId,
    notificationId,
    subscriptionId,
    pushRecipient,
    attempt,
    outcome,
    deadline,
  }: {
    deliveryId: string;
    entityId: string;
    notificationId: string;
    /** The device this attempt reached, if it reached one. */
    subscriptionId: string | null;
    /** The user of a push delivery, who gets the email copy if all their pushes fail. */
    pushRecipient: string | null;
    attempt: number;
    outcome: AttemptOutcome;
    deadline: number;
  },
): Promise<Date | null> {
  if (outcome.kind === 'delivered') {
    const { statusCode, durationMs } = outcome;
    await recordSettledAttempts(db, [
      {
        deliveryId,
        entityId,
        notificationId,
        subscriptionId,
        attempt,
        status: 'delivered',
        error: null,
        statusCode,
        durationMs,
      },
    ]);
    return null;
  }
  const { status, attemptOutcome, error, retryAt } = nextDeliveryState(outcome, attempt, deadline);
  const isRecorded = sql`exists (select from recorded)`;
  const device =
    subscriptionId && outcome.kind !== 'gone'
      ? sql`, device as (${deviceHealthUpdate(db, subscriptionId, outcome, isRecorded)})`
      : sql``;
  const notify =
    status === 'pending'
      ? sql`null`
      : sql`pg_notify(${DELIVERY_EVENTS_CHANNEL}, ${deliveryEventPayload(entityId, notificationId)})`;

  const isFailedPush = status === 'failed' && pushRecipient !== null;
  const record = async (target: Database) => {
    // A retry is due at its time, for whichever worker's lane fetches it first (decision 067).
    const { rows } = await target.execute(sql`
      with recorded as (
        update deliveries
           set status = ${status}, attempts = ${attempt + 1}, last_error = ${error}, updated_at = now(),
               due_at = coalesce(${retryAt?.toISOString() ?? null}::timestamptz, due_at), leased_until = null
         where id = ${deliveryId} and attempts = ${attempt} and status = 'pending'
        returning id
      ), attempt as (
        insert into delivery_attempts (delivery_id, outcome, status_code, error, duration_ms)
        select id, ${attemptOutcome}, ${outcome.statusCode}, ${outcome.error}, ${outcome.durationMs}
          from recorded
      )${device}
      select ${notify} from recorded`);
    if (rows.length === 0) return;
    if (outcome.kind === 'gone' && subscriptionId) {
      await target.delete(pushSubscriptions).where(eq(pushSubscriptions.id, subscriptionId));
    }
    if (isFailedPush) await queueEmailIfEveryPushFailed(target, { notificationId, userId: pushRecipient! });
  };
  if (isFailedPush) {
    await db.transaction(async (tx) => {
      // Taken before the delivery's row, in the same order by every worker: no deadlock, and the
      // second of two failing devices sees the first one's failure.
      await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`${notificationId} ${pushRecipient}`}, 0))`);
      await record(tx);
    });
  } else if (outcome.kind === 'gone') await db.transaction(record);
  else await record(db);
  return retryAt;
}
