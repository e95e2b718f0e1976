import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import { entityIdOf } from '../../auth/require-session.ts';
import type { Database } from '../../db/client.ts';

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- module augmentation needs an interface
  interface FastifyContextConfig {
    /**
     * The route reads or acts on the business's leads by what notifications holds (the inbox, a
     * lead and its actions, a lead's deliveries, a flow's notifications and recent fields, the
     * insights, the first-day checklist): `config: { readsLeads: true }` beside its guards, so
     * the business's waiting leads are taken in first. take-in-leads.integration.test.ts lists
     * every such route.
     */
    readsLeads?: boolean;
  }
}

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
 * Runs takeInLeadsOf before each route that says it reads leads (`config.readsLeads`), after its
 * session check. Registered before the routes: Fastify tells onRoute hooks only of routes added
 * after them. Other routes, the ingestion route among them, get no hook at all.
 */
export function takeInLeadsBeforeReadingThem(app: FastifyInstance, db: Database): void {
  const takeInLeads = async (request: FastifyRequest) => takeInLeadsOf(db, entityIdOf(request));
  app.addHook('onRoute', (route: RouteOptions) => {
    if (!route.config?.readsLeads) return;
    route.preHandler = [...[route.preHandler ?? []].flat(), takeInLeads];
  });
}
