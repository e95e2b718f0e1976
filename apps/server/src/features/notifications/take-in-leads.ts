import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import { entityIdOf } from '../../auth/require-session.ts';
import type { Database } from '../../db/client.ts';

/**
 * The console's routes that read or act on the business's leads by what notifications holds: every
 * lead route (the inbox, a lead, its claim, reply, note, outcome, spam mark…), a lead's deliveries,
 * a flow's notifications and recent fields, the insights, and the first-day checklist.
 */
const READS_LEADS = /^\/v1\/(leads(\/|$)|notifications\/|flows\/:id\/(notifications|fields)$|insights$|setup$)/;

/**
 * Moves the business's accepted leads that no take has moved yet from lead_intake into
 * notifications (decision 064), so the console shows and acts on every lead that got its 202,
 * worker or not. Usually there is nothing to move: the worker's take moves a batch's leads
 * milliseconds after its commit.
 */
async function takeInLeadsOf(db: Database, entityId: string): Promise<void> {
  await db.execute(sql`select leadbell_take_in_entity_leads(${entityId})`);
}

/**
 * Runs takeInLeadsOf before each route of READS_LEADS, after its session check. Registered before
 * the routes: Fastify tells onRoute hooks only of routes added after them. Other routes, the
 * ingestion route among them, get no hook at all.
 */
export function takeInLeadsBeforeReadingThem(app: FastifyInstance, db: Database): void {
  const takeInLeads = async (request: FastifyRequest) => takeInLeadsOf(db, entityIdOf(request));
  app.addHook('onRoute', (route: RouteOptions) => {
    if (!READS_LEADS.test(route.url)) return;
    route.preHandler = [...[route.preHandler ?? []].flat(), takeInLeads];
  });
}
