import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { flows } from '../../db/schema/flows.ts';

/**
 * Records on the flow that a form asked to send visitors to a page that is not one of the owner's
 * sites, for the console to show (decision 021); a later post with an allowed redirect clears it.
 */
export async function recordRedirectProblem(
  db: Database,
  { flowId, entityId, problemUrl }: { flowId: string; entityId: string; problemUrl: string | null },
): Promise<void> {
  const owned = and(eq(flows.id, flowId), eq(flows.entityId, entityId));
  if (problemUrl) {
    await db
      .update(flows)
      .set({ redirectProblem: problemUrl.slice(0, 2048), redirectProblemAt: sql`now()` })
      .where(owned);
  } else {
    await db
      .update(flows)
      .set({ redirectProblem: null, redirectProblemAt: null })
      .where(and(owned, isNotNull(flows.redirectProblem)));
  }
}
