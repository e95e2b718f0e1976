import { and, eq, isNull, lt, or, sql, type SQLWrapper } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { FastifyBaseLogger } from 'fastify';
import {
  WEBHOOK_PAYLOAD_VERSION,
  type WebhookDeliveryEventType,
  type WebhookEndpointKind,
  type WebhookEvent,
} from '@leadbell/shared/webhooks';
import type { Database } from '../../db/client.ts';
import { users } from '../../db/schema/auth.ts';
import { entities } from '../../db/schema/entities.ts';
import { webhookDeliveries, webhookDeliveryAttempts, webhookEndpoints } from '../../db/schema/webhooks.ts';
import type { DeliveryQueue } from '../../jobs/delivery-queue.ts';
import type { WebhookPayload } from '../../jobs/webhook.job.ts';
import type { Mailer } from '../../mail/mailer.ts';
import type { ApiKeyCipher } from '../../lib/api-key-cipher.ts';
import { slackMessageOf, slackRevocationOf } from '../slack/slack-message.ts';
import { webhookDisabledMail } from './webhook-disabled-mail.ts';
import type { WebhookCircuit } from './webhook-circuit.ts';
import { webhookLeadSnapshotSql, type WebhookLeadSnapshot } from './webhook-lead.ts';
import type { WebhookAttemptResult, WebhookSender } from './webhook-sender.ts';
import { signWebhook, webhookMessageIdOf } from './webhook-signature.ts';

/**
 * When each retry follows the failed attempt before it: the first within a minute, then backing
 * off over about a day (30 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h: 27.6 h in all), so an endpoint
 * down for a deploy or a night catches up without hammering it meanwhile.
 */
export const WEBHOOK_RETRY_DELAYS_SECONDS = [30, 5 * 60, 30 * 60, 2 * 3600, 5 * 3600, 10 * 3600, 10 * 3600] as const;
/** The first attempt and every retry. */
export const WEBHOOK_MAX_ATTEMPTS = WEBHOOK_RETRY_DELAYS_SECONDS.length + 1;
/** A 429's `Retry-After` replaces the schedule's delay for that retry, within these bounds. */
const RETRY_AFTER_BOUNDS_SECONDS = [1, 3600] as const;

/** An endpoint's last success is written at most this often (a busy endpoint's row is not a queue). */
const SUCCESS_KEPT_EVERY_MS = 60_000;

/** How soon a job the circuit asked to wait runs again (webhook-circuit.ts). */
const WAIT_MS = 2_000;

/** An attempt the open circuit failed without connecting: it follows the retry schedule like any failure. */
const CIRCUIT_OPEN: WebhookAttemptResult = {
  statusCode: null,
  durationMs: 0,
  responseExcerpt: null,
  error: 'Not sent: the endpoint is not answering (it failed or is slow to answer other attempts); tried again later.',
  isSuccess: false,
  retryAfterSeconds: null,
};

const TEST_MESSAGE = 'This is a test event from Leadbell: your endpoint is reachable and can verify the signature.';

export type WebhookDependencies = {
  db: Database;
  queue: Pick<DeliveryQueue, 'enqueue'>;
  sender: WebhookSender;
  cipher: ApiKeyCipher;
  mailer: Mailer;
  publicUrl: string;
  log: FastifyBaseLogger;
};

/** What one attempt needs to know about its delivery and endpoint. */
export type WebhookAttemptTarget = {
  id: string;
  endpointId: string;
  entityId: string;
  kind: WebhookEndpointKind;
  eventType: WebhookDeliveryEventType;
  occurredAt: Date;
  createdAt: Date;
  lead: WebhookLeadSnapshot | null;
  url: string;
  secret: string;
  previousSecret: string | null;
  previousSecretExpiresAt: Date | null;
  /** The endpoint's last success as read with the delivery (kept at most once a minute). */
  lastSuccessAt: Date | null;
};

export const attemptTargetColumns = {
  id: webhookDeliveries.id,
  endpointId: webhookDeliveries.endpointId,
  entityId: webhookDeliveries.entityId,
  notificationId: webhookDeliveries.notificationId,
  kind: webhookEndpoints.kind,
  eventType: webhookDeliveries.eventType,
  occurredAt: webhookDeliveries.occurredAt,
  createdAt: webhookDeliveries.createdAt,
  lead: webhookDeliveries.lead,
  url: webhookEndpoints.url,
  secret: webhookEndpoints.secret,
  previousSecret: webhookEndpoints.previousSecret,
  previousSecretExpiresAt: webhookEndpoints.previousSecretExpiresAt,
  isEnabled: webhookEndpoints.isEnabled,
  lastSuccessAt: webhookEndpoints.lastSuccessAt,
};

/** The versioned JSON body (WebhookEventSchema); the same bytes on every attempt. */
function eventOf(target: WebhookAttemptTarget, publicUrl: string): WebhookEvent {
  const timestamp = target.occurredAt.toISOString();
  if (target.eventType === 'webhook.test')
    return {
      type: 'webhook.test',
      timestamp,
      data: { version: WEBHOOK_PAYLOAD_VERSION, endpointId: target.endpointId, message: TEST_MESSAGE },
    };
  const lead = target.lead!;
  return {
    type: target.eventType,
    timestamp,
    data: { version: WEBHOOK_PAYLOAD_VERSION, lead: { ...lead, url: `${publicUrl}/leads/${lead.id}` } },
  };
}

/**
 * POSTs the event once: signed JSON (Standard Webhooks headers), or for a Slack connection a Block
 * Kit message to its sealed incoming-webhook URL, unsigned (Slack's URL is the secret).
 */
export async function attemptWebhookDelivery(
  { sender, cipher, publicUrl }: Pick<WebhookDependencies, 'sender' | 'cipher' | 'publicUrl'>,
  target: WebhookAttemptTarget,
): Promise<WebhookAttemptResult> {
  if (target.kind === 'slack')
    return sender.send({
      url: cipher.decrypt(target.secret),
      body: JSON.stringify(slackMessageOf(target, publicUrl)),
      headers: {},
    });
  const body = JSON.stringify(eventOf(target, publicUrl));
  const id = webhookMessageIdOf(target.id);
  // The attempt's own time, as the specification asks: receivers reject old timestamps (replays).
  const timestamp = Math.floor(Date.now() / 1000);
  const secrets = [cipher.decrypt(target.secret)];
  // During a rotation's overlap both secrets sign, so a receiver still holding the old one verifies.
  if (target.previousSecret && target.previousSecretExpiresAt && target.previousSecretExpiresAt.getTime() > Date.now())
    secrets.push(cipher.decrypt(target.previousSecret));
  return sender.send({
    url: target.url,
    body,
    headers: {
      'webhook-id': id,
      'webhook-timestamp': String(timestamp),
      'webhook-signature': signWebhook({ id, timestamp, body, secrets }),
    },
  });
}

function durationOf(seconds: number): string {
  return seconds >= 3600 ? `${Math.round(seconds / 3600)} hours` : `${Math.round(seconds / 60)} minutes`;
}

/** The delay before the retry after attempt `attempt`: the schedule's, or a 429's `Retry-After`. */
function retryDelayOf(attempt: number, result: WebhookAttemptResult): number | undefined {
  const scheduled = WEBHOOK_RETRY_DELAYS_SECONDS[attempt];
  if (scheduled === undefined || result.statusCode !== 429 || result.retryAfterSeconds === null) return scheduled;
  const [least, most] = RETRY_AFTER_BOUNDS_SECONDS;
  return Math.min(most, Math.max(least, result.retryAfterSeconds));
}

/**
 * Writes attempt `attempt`'s outcome on the delivery, if it still waits for that attempt, and the
 * attempt itself in its log, in one statement (an attempt is logged exactly when it is recorded).
 * Says whether it was recorded.
 */
async function writeAttempt(
  db: Pick<Database, 'execute' | 'update'>,
  deliveryId: string,
  attempt: number,
  outcome: PgUpdateSetSource<typeof webhookDeliveries>,
  result: WebhookAttemptResult,
): Promise<boolean> {
  // Drizzle puts a query embedded in another in parentheses, as the WITH wants it.
  const recorded = db
    .update(webhookDeliveries)
    .set(outcome)
    .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.attempts, attempt)))
    .returning({ id: webhookDeliveries.id });
  const { rows } = await db.execute(sql`
    WITH recorded AS ${recorded}
    INSERT INTO ${webhookDeliveryAttempts}
           (delivery_id, number, is_success, status_code, duration_ms, error, response_excerpt)
    SELECT id, ${attempt + 1}::integer, ${result.isSuccess}::boolean, ${result.statusCode}::integer,
           ${result.durationMs}::integer, ${result.error}::text, ${result.responseExcerpt}::text
      FROM recorded
    RETURNING delivery_id`);
  return rows.length > 0;
}

/**
 * Records attempt `attempt` on the delivery and in its log, guarded by its attempt number (a stale
 * rerun records nothing). A failure schedules the next retry as a new job in the same transaction; the last
 * one failed, with no success at the endpoint since the event, turns the endpoint off (once: the
 * update is conditional) and its admins are emailed after the commit. A test event is not retried.
 * A Slack connection whose URL Slack says is revoked is turned off at once, without retries.
 */
export async function recordWebhookAttempt(
  { db, queue, mailer, publicUrl, log }: Omit<WebhookDependencies, 'sender' | 'cipher'>,
  target: Pick<WebhookAttemptTarget, 'id' | 'endpointId' | 'kind' | 'eventType' | 'createdAt' | 'lastSuccessAt'>,
  attempt: number,
  result: WebhookAttemptResult,
): Promise<void> {
  const isTest = target.eventType === 'webhook.test';
  const revoked = target.kind === 'slack' && !result.isSuccess ? slackRevocationOf(result) : null;
  const retryAfter = result.isSuccess || isTest || revoked ? undefined : retryDelayOf(attempt, result);
  const nextAttemptAt = retryAfter === undefined ? null : new Date(Date.now() + retryAfter * 1000);
  const outcome = {
    status: result.isSuccess ? 'delivered' : nextAttemptAt ? 'pending' : 'failed',
    attempts: attempt + 1,
    lastStatusCode: result.statusCode,
    lastDurationMs: result.durationMs,
    lastError: result.error,
    responseExcerpt: result.responseExcerpt,
    lastAttemptAt: sql`now()`,
    nextAttemptAt,
  } as const;
  if (result.isSuccess) {
    // No transaction for what nearly every attempt is. The endpoint's last success is kept at most
    // once a minute (every success at a busy endpoint would otherwise wait on its row), and not
    // even asked for while the one read with the delivery is recent.
    await writeAttempt(db, target.id, attempt, outcome, result);
    const isKeptRecently =
      target.lastSuccessAt !== null && Date.now() - target.lastSuccessAt.getTime() < SUCCESS_KEPT_EVERY_MS;
    if (isKeptRecently) return;
    await db
      .update(webhookEndpoints)
      .set({ lastSuccessAt: sql`now()` })
      .where(
        and(
          eq(webhookEndpoints.id, target.endpointId),
          or(
            isNull(webhookEndpoints.lastSuccessAt),
            lt(webhookEndpoints.lastSuccessAt, sql`now() - make_interval(secs => ${SUCCESS_KEPT_EVERY_MS / 1000})`),
          ),
        ),
      );
    return;
  }
  const disabled = await db.transaction(async (tx) => {
    if (!(await writeAttempt(tx, target.id, attempt, outcome, result))) return null;
    if (nextAttemptAt) {
      await queue.enqueue(tx, [
        { payload: { kind: 'webhook', deliveryId: target.id, attempt: attempt + 1 }, startAfter: nextAttemptAt },
      ]);
      return null;
    }
    // Only the automatic schedule's last attempt disables; a resend that fails again does not.
    if (!revoked && (isTest || attempt + 1 !== WEBHOOK_MAX_ATTEMPTS)) return null;
    const total = WEBHOOK_RETRY_DELAYS_SECONDS.reduce((sum, seconds) => sum + seconds, 0);
    const last = result.statusCode !== null ? `HTTP ${result.statusCode}` : (result.error ?? 'no answer');
    const [endpoint] = await tx
      .update(webhookEndpoints)
      .set({
        isEnabled: false,
        disabledAt: sql`now()`,
        disabledReason:
          revoked ?? `${WEBHOOK_MAX_ATTEMPTS} attempts over ${durationOf(total)} failed, the last with ${last}.`,
        updatedAt: sql`now()`,
      })
      .where(
        and(
          eq(webhookEndpoints.id, target.endpointId),
          eq(webhookEndpoints.isEnabled, true),
          revoked
            ? undefined
            : // Successes are kept at most once a minute (above): one within a minute of the event counts.
              or(
                isNull(webhookEndpoints.lastSuccessAt),
                lt(webhookEndpoints.lastSuccessAt, new Date(target.createdAt.getTime() - SUCCESS_KEPT_EVERY_MS)),
              ),
        ),
      )
      .returning({
        entityId: webhookEndpoints.entityId,
        kind: webhookEndpoints.kind,
        url: webhookEndpoints.url,
        reason: webhookEndpoints.disabledReason,
      });
    return endpoint ?? null;
  });
  if (!disabled) return;
  // After the commit: a mail that fails is logged; the endpoint's page says why it is off all the same.
  try {
    const [entity] = await db.select({ name: entities.name }).from(entities).where(eq(entities.id, disabled.entityId));
    const admins = await db
      .select({ email: users.email })
      .from(users)
      .where(and(eq(users.entityId, disabled.entityId), eq(users.role, 'admin')));
    for (const admin of admins)
      await mailer.send(
        webhookDisabledMail({
          to: admin.email,
          kind: disabled.kind,
          entityName: entity?.name ?? 'Your business',
          url: disabled.url,
          reason: disabled.reason ?? '',
          publicUrl,
        }),
      );
  } catch (error) {
    log.error(
      { err: error, endpointId: target.endpointId },
      'webhooks: could not email the admins about a disabled endpoint',
    );
  }
}

/** The delivery while it still waits for this attempt. */
function pendingAttempt(deliveryId: SQLWrapper | string, attempt: SQLWrapper | number) {
  return and(
    eq(webhookDeliveries.id, deliveryId),
    eq(webhookDeliveries.attempts, attempt),
    eq(webhookDeliveries.status, 'pending'),
  );
}

/** Ends a delivery that cannot be sent any more, with why. */
async function giveUp(db: Database, deliveryId: string, attempt: number, lastError: string): Promise<void> {
  await db
    .update(webhookDeliveries)
    .set({ status: 'failed', lastError, nextAttemptAt: null })
    .where(pendingAttempt(deliveryId, attempt));
}

/**
 * The delivery and its endpoint while the delivery still waits for this attempt, with its lead:
 * a `lead.created` delivery's is taken as of its first attempt and stored in the same statement,
 * so every attempt sends the same bytes (other events carry theirs from when they happened).
 * One prepared statement: a lead's webhook and Slack deliveries each run it (issue 23).
 */
function prepareTakeWebhookAttempt(db: Database) {
  const query = db
    .update(webhookDeliveries)
    .set({
      lead: sql`coalesce(${webhookDeliveries.lead}, ${webhookLeadSnapshotSql(webhookDeliveries.entityId, webhookDeliveries.notificationId)})`,
    })
    .from(webhookEndpoints)
    .where(
      and(
        eq(webhookEndpoints.id, webhookDeliveries.endpointId),
        pendingAttempt(sql.placeholder('deliveryId'), sql.placeholder('attempt')),
      ),
    )
    .returning(attemptTargetColumns)
    .prepare('take_webhook_attempt');
  return async (deliveryId: string, attempt: number) => (await query.execute({ deliveryId, attempt }))[0];
}

/**
 * The `webhook` job: takes the delivery (nothing to do unless it still waits for this attempt),
 * asks the circuit whether to send, wait or fail at once (webhook-circuit.ts: an endpoint that
 * stopped answering must not hold the slots pushes need), sends and records.
 */
export function createWebhookDeliveryHandler(deps: WebhookDependencies, circuit: WebhookCircuit) {
  const { db } = deps;
  const takeAttempt = prepareTakeWebhookAttempt(db);
  return async function deliverWebhook({ deliveryId, attempt }: WebhookPayload): Promise<void> {
    const row = await takeAttempt(deliveryId, attempt);
    if (!row) return;
    if (!row.isEnabled) return void (await giveUp(db, deliveryId, attempt, 'Not sent: the endpoint is turned off.'));
    if (!row.lead && row.eventType !== 'webhook.test')
      return void (await giveUp(db, deliveryId, attempt, 'Not sent: the lead was deleted.'));
    const ticket = circuit.admit(row.endpointId);
    if (ticket === 'wait') {
      // Not an attempt: the same one runs again shortly, when the endpoint or the process has room.
      await deps.queue.enqueue(db, [
        { payload: { kind: 'webhook', deliveryId, attempt }, startAfter: new Date(Date.now() + WAIT_MS) },
      ]);
      return;
    }
    if (ticket === 'fail_fast') return void (await recordWebhookAttempt(deps, row, attempt, CIRCUIT_OPEN));
    let isSuccess = false;
    try {
      const result = await attemptWebhookDelivery(deps, row);
      isSuccess = result.isSuccess;
      await recordWebhookAttempt(deps, row, attempt, result);
    } finally {
      ticket.settle({ isSuccess });
    }
  };
}
