import { and, asc, eq, inArray, type SQL } from 'drizzle-orm';
import type {
  WebhookDelivery,
  WebhookDeliveryAttempt,
  WebhookEndpoint,
  WebhookEndpointKind,
} from '@leadbell/shared/webhooks';
import type { Database } from '../../db/client.ts';
import { webhookDeliveries, webhookDeliveryAttempts, webhookEndpoints } from '../../db/schema/webhooks.ts';
import { webhookMessageIdOf } from './webhook-signature.ts';

/**
 * This entity's endpoint `id` (tenancy in the where clause), of the given kind: the
 * /v1/webhook-endpoints routes change only standard endpoints (a Slack connection has its own).
 */
export function ownedEndpoint(entityId: string, id: string, kind: WebhookEndpointKind | 'any' = 'standard'): SQL {
  return and(
    eq(webhookEndpoints.id, id),
    eq(webhookEndpoints.entityId, entityId),
    kind === 'any' ? undefined : eq(webhookEndpoints.kind, kind),
  )!;
}

export function toWebhookEndpoint(row: typeof webhookEndpoints.$inferSelect, now: Date): WebhookEndpoint {
  const overlapEnds = row.previousSecret && row.previousSecretExpiresAt && row.previousSecretExpiresAt > now;
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    events: row.events,
    flowId: row.flowId,
    enabled: row.isEnabled,
    disabledAt: row.disabledAt?.toISOString() ?? null,
    disabledReason: row.disabledReason,
    previousSecretExpiresAt: overlapEnds ? row.previousSecretExpiresAt!.toISOString() : null,
    lastSuccessAt: row.lastSuccessAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

export const deliveryColumns = {
  id: webhookDeliveries.id,
  eventType: webhookDeliveries.eventType,
  notificationId: webhookDeliveries.notificationId,
  status: webhookDeliveries.status,
  attempts: webhookDeliveries.attempts,
  lastStatusCode: webhookDeliveries.lastStatusCode,
  lastDurationMs: webhookDeliveries.lastDurationMs,
  lastError: webhookDeliveries.lastError,
  responseExcerpt: webhookDeliveries.responseExcerpt,
  nextAttemptAt: webhookDeliveries.nextAttemptAt,
  lastAttemptAt: webhookDeliveries.lastAttemptAt,
  createdAt: webhookDeliveries.createdAt,
};

type DeliveryRow = { [Key in keyof typeof deliveryColumns]: (typeof deliveryColumns)[Key]['_']['data'] | null } & {
  id: string;
  eventType: WebhookDelivery['eventType'];
  status: WebhookDelivery['status'];
  attempts: number;
  createdAt: Date;
};

function toWebhookDelivery(row: DeliveryRow, attemptLog: WebhookDeliveryAttempt[]): WebhookDelivery {
  return {
    id: row.id,
    messageId: webhookMessageIdOf(row.id),
    eventType: row.eventType,
    leadId: row.notificationId,
    status: row.status,
    attempts: row.attempts,
    lastStatusCode: row.lastStatusCode,
    lastDurationMs: row.lastDurationMs,
    lastError: row.lastError,
    responseExcerpt: row.responseExcerpt,
    nextAttemptAt: row.nextAttemptAt?.toISOString() ?? null,
    lastAttemptAt: row.lastAttemptAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    attemptLog,
  };
}

/** The deliveries as the API answers them, each with its attempts (one query for all of them). */
export async function toWebhookDeliveries(
  db: Pick<Database, 'select'>,
  rows: DeliveryRow[],
): Promise<WebhookDelivery[]> {
  if (rows.length === 0) return [];
  const attempts = await db
    .select({
      deliveryId: webhookDeliveryAttempts.deliveryId,
      number: webhookDeliveryAttempts.number,
      attemptedAt: webhookDeliveryAttempts.attemptedAt,
      isSuccess: webhookDeliveryAttempts.isSuccess,
      statusCode: webhookDeliveryAttempts.statusCode,
      durationMs: webhookDeliveryAttempts.durationMs,
      error: webhookDeliveryAttempts.error,
      responseExcerpt: webhookDeliveryAttempts.responseExcerpt,
    })
    .from(webhookDeliveryAttempts)
    .where(
      inArray(
        webhookDeliveryAttempts.deliveryId,
        rows.map((row) => row.id),
      ),
    )
    .orderBy(asc(webhookDeliveryAttempts.deliveryId), asc(webhookDeliveryAttempts.number));
  const logs = new Map<string, WebhookDeliveryAttempt[]>();
  for (const { deliveryId, attemptedAt, isSuccess, ...attempt } of attempts) {
    const log = logs.get(deliveryId) ?? [];
    log.push({ ...attempt, attemptedAt: attemptedAt.toISOString(), outcome: isSuccess ? 'delivered' : 'failed' });
    logs.set(deliveryId, log);
  }
  return rows.map((row) => toWebhookDelivery(row, logs.get(row.id) ?? []));
}
