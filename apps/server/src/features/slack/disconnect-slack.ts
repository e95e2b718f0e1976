import type { Database } from '../../db/client.ts';
import { webhookEndpoints } from '../../db/schema/webhooks.ts';
import { AppError } from '../../http/app-error.ts';
import { slackConnectionOf } from './slack-connection-record.ts';

/** Disconnects Slack: the connection and its delivery log go; retries already queued find nothing. */
export async function disconnectSlack(db: Database, entityId: string): Promise<void> {
  const rows = await db
    .delete(webhookEndpoints)
    .where(slackConnectionOf(entityId))
    .returning({ id: webhookEndpoints.id });
  if (rows.length === 0) throw new AppError('not_found', 'Slack is not connected.');
}
