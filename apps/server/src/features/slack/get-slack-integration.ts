import type { SlackIntegration } from '@leadbell/shared/slack';
import type { Database } from '../../db/client.ts';
import { webhookEndpoints } from '../../db/schema/webhooks.ts';
import { slackConnectionOf, toSlackConnection } from './slack-connection-record.ts';

/** The entity's Slack connection, or `connection: null` when Slack is not connected. */
export async function getSlackIntegration(db: Database, entityId: string): Promise<SlackIntegration> {
  const [row] = await db.select().from(webhookEndpoints).where(slackConnectionOf(entityId));
  return { connection: row ? toSlackConnection(row) : null };
}
