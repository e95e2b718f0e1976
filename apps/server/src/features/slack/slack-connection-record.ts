import { and, eq, type SQL } from 'drizzle-orm';
import type { SlackConnection } from '@leadbell/shared/slack';
import { webhookEndpoints } from '../../db/schema/webhooks.ts';

/** The entity's Slack connection: its one webhook endpoint of kind `slack`. */
export function slackConnectionOf(entityId: string): SQL {
  return and(eq(webhookEndpoints.entityId, entityId), eq(webhookEndpoints.kind, 'slack'))!;
}

/** `url` is already the masked form; the real one stays sealed in `secret`. */
export function toSlackConnection(row: typeof webhookEndpoints.$inferSelect): SlackConnection {
  return {
    id: row.id,
    url: row.url,
    flowId: row.flowId,
    events: row.events,
    enabled: row.isEnabled,
    disabledAt: row.disabledAt?.toISOString() ?? null,
    disabledReason: row.disabledReason,
    lastSuccessAt: row.lastSuccessAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}
