import type { WebhookDelivery } from '@leadbell/shared/webhooks';
import { webhookEndpoints } from '../../db/schema/webhooks.ts';
import { AppError } from '../../http/app-error.ts';
import type { WebhookDependencies } from '../webhooks/deliver-webhook.ts';
import { sendWebhookTest } from '../webhooks/send-webhook-test.ts';
import { slackConnectionOf } from './slack-connection-record.ts';

/** "Send test" for Slack: a test message posted now, answered with its delivery (see sendWebhookTest). */
export async function sendSlackTest(deps: WebhookDependencies, entityId: string): Promise<WebhookDelivery> {
  const [connection] = await deps.db
    .select({ id: webhookEndpoints.id })
    .from(webhookEndpoints)
    .where(slackConnectionOf(entityId));
  if (!connection) throw new AppError('not_found', 'Slack is not connected.');
  return sendWebhookTest(deps, { entityId, id: connection.id, kind: 'slack' });
}
