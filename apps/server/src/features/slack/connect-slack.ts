import { sql } from 'drizzle-orm';
import { SLACK_DEFAULT_EVENTS, type SlackConnection } from '@leadbell/shared/slack';
import type { WebhookEventType } from '@leadbell/shared/webhooks';
import type { Database } from '../../db/client.ts';
import { webhookEndpoints } from '../../db/schema/webhooks.ts';
import { AppError } from '../../http/app-error.ts';
import type { ApiKeyCipher } from '../../lib/api-key-cipher.ts';
import { checkWebhookEndpointInput } from '../webhooks/webhook-endpoint-input.ts';
import { maskSlackUrl, slackUrlProblem } from './slack-address.ts';
import { toSlackConnection } from './slack-connection-record.ts';

/**
 * Connects Slack, or replaces the connection (its URL, flow and events; its delivery log stays):
 * the entity's one webhook endpoint of kind `slack`, enabled again if Leadbell had turned it off.
 * The URL is stored sealed, only its masked form in clear. Slack is not contacted: "Send test" does.
 */
export async function connectSlack(
  { db, cipher, allowPrivateNetworks }: { db: Database; cipher: ApiKeyCipher; allowPrivateNetworks: boolean },
  { entityId }: { entityId: string },
  input: { url: string; flowId?: string | null | undefined; events?: WebhookEventType[] | undefined },
): Promise<SlackConnection> {
  const problem = slackUrlProblem(input.url, { allowPrivateNetworks });
  if (problem) throw new AppError('validation_error', 'Some fields are invalid.', { fields: { url: [problem] } });
  await checkWebhookEndpointInput(db, { entityId, allowPrivateNetworks }, { flowId: input.flowId });
  const connection = {
    url: maskSlackUrl(input.url),
    secret: cipher.encrypt(input.url),
    events: input.events ?? [...SLACK_DEFAULT_EVENTS],
    flowId: input.flowId ?? null,
    isEnabled: true,
    disabledAt: null,
    disabledReason: null,
  };
  const [row] = await db
    .insert(webhookEndpoints)
    .values({ entityId, kind: 'slack', ...connection })
    .onConflictDoUpdate({
      target: webhookEndpoints.entityId,
      targetWhere: sql`kind = 'slack'`,
      set: { ...connection, updatedAt: sql`now()` },
    })
    .returning();
  return toSlackConnection(row!);
}
