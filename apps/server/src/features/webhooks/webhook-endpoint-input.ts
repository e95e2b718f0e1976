import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { flows } from '../../db/schema/flows.ts';
import { AppError } from '../../http/app-error.ts';
import { webhookUrlProblem } from './webhook-address.ts';

/**
 * The checks a create or update needs beyond the shared schema: the SSRF rule on the address
 * (literal addresses now, names at every send) and a flow of this entity. Never contacts the URL.
 */
export async function checkWebhookEndpointInput(
  db: Database,
  { entityId, allowPrivateNetworks }: { entityId: string; allowPrivateNetworks: boolean },
  { url, flowId }: { url?: string | undefined; flowId?: string | null | undefined },
): Promise<void> {
  const fields: Record<string, string[]> = {};
  const problem = url === undefined ? null : webhookUrlProblem(url, { allowPrivateNetworks });
  if (problem) fields.url = [problem];
  if (flowId) {
    const [flow] = await db
      .select({ id: flows.id })
      .from(flows)
      .where(and(eq(flows.id, flowId), eq(flows.entityId, entityId)));
    if (!flow) fields.flowId = ['No such flow: choose one of yours, or every flow.'];
  }
  if (Object.keys(fields).length > 0) throw new AppError('validation_error', 'Some fields are invalid.', { fields });
}
