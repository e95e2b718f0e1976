import { and, eq, type SQL } from 'drizzle-orm';
import type { WebhookDelivery, WebhookEndpoint, WebhookEndpointKind } from '@leadbell/shared/webhooks';
import { webhookDeliveries, webhookEndpoints } from '../../db/schema/webhooks.ts';
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

export function toWebhookDelivery(row: DeliveryRow): WebhookDelivery {
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
  };
}
