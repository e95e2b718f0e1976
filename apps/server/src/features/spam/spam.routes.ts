import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { LeadStateSchema } from '@leadbell/shared/leads';
import { entityIdOf } from '../../auth/require-session.ts';
import { IdParamsSchema } from '../../http/ids.ts';
import type { RouteContext } from '../../http/route-context.ts';
import { markLeadNotSpam, markLeadSpam, ringLead } from './mark-spam.ts';

/** The team's word on spam (decision 039): any member moves a lead into the quarantine or out of it. */
export function registerSpamRoutes(app: FastifyInstance, { db, requireSession, clock }: RouteContext) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const actions = [
    {
      path: 'spam',
      summary: 'Mark a lead as spam',
      description:
        'Moves it to the quarantine (`filter=spam`): it stops escalating, leaves the insights and no longer counts against the plan; its sender and message are remembered, so their next leads are quarantined too.',
      act: markLeadSpam,
    },
    {
      path: 'not-spam',
      summary: 'Not spam',
      description:
        'An open lead from now: its response timer starts, it counts against this month’s plan, and its sender is trusted from now on. It rings nobody until `ring`.',
      act: markLeadNotSpam,
    },
    {
      path: 'ring',
      summary: 'Ring the team for a lead',
      description:
        'Sends an open lead that never rang (one taken out of the quarantine) to every device and mailbox, as a new lead is.',
      act: ringLead,
    },
  ];
  for (const { path, summary, description, act } of actions) {
    routes.post(
      `/v1/leads/:id/${path}`,
      {
        schema: { summary, description, params: IdParamsSchema, response: { 200: LeadStateSchema } },
        onRequest: requireSession,
        config: { readsLeads: true },
      },
      async (request) => act(db, { id: request.params.id, entityId: entityIdOf(request), now: clock.now() }),
    );
  }
}
