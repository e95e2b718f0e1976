import type { Flow, TurnstileInput } from '@leadbell/shared/flows';
import type { Database } from '../../db/client.ts';
import { flows } from '../../db/schema/flows.ts';
import { AppError } from '../../http/app-error.ts';
import { isUuid } from '../../http/ids.ts';
import type { ApiKeyCipher } from '../../lib/api-key-cipher.ts';
import { ownedFlow, toFlow } from './flow-record.ts';

/**
 * Turns Cloudflare Turnstile on for the flow's forms (with its keys) or off (null). The secret is
 * sealed like API keys and never shown again. Ingestion remembers a flow for up to a minute, so
 * every server process asks for the CAPTCHA within a minute.
 */
export async function setFlowTurnstile(
  { db, cipher }: { db: Database; cipher: ApiKeyCipher },
  { entityId, flowId }: { entityId: string; flowId: string },
  input: TurnstileInput | null,
): Promise<Flow> {
  if (!isUuid(flowId)) throw new AppError('not_found', 'Flow not found.');
  const [row] = await db
    .update(flows)
    .set({
      turnstileSiteKey: input?.siteKey ?? null,
      turnstileSecret: input ? cipher.encrypt(input.secret) : null,
      updatedAt: new Date(),
    })
    .where(ownedFlow(entityId, flowId))
    .returning();
  if (!row) throw new AppError('not_found', 'Flow not found.');
  return toFlow(row);
}
