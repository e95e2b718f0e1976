import { desc, eq } from 'drizzle-orm';
import type { Flow } from '@leadbell/shared/flows';
import type { Database } from '../../db/client.ts';
import { flows } from '../../db/schema/flows.ts';
import { toFlow } from './flow-record.ts';

/** The entity's flows, newest first. */
export async function listFlows(db: Database, entityId: string): Promise<Flow[]> {
  const rows = await db.select().from(flows).where(eq(flows.entityId, entityId)).orderBy(desc(flows.createdAt));
  return rows.map(toFlow);
}
