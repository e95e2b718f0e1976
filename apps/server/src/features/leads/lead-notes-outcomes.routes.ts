import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { LeadNoteInputSchema, LeadOutcomeInputSchema } from '@leadbell/shared/lead-notes-outcomes';
import { LeadOutcomeSummarySchema, LeadTimelineEntrySchema } from '@leadbell/shared/leads';
import { entityIdOf, sessionUserOf } from '../../auth/require-session.ts';
import { IdParamsSchema } from '../../http/ids.ts';
import { errorResponses, noContent } from '../../http/openapi-responses.ts';
import type { RouteContext } from '../../http/route-context.ts';
import { addLeadNote } from './add-lead-note.ts';
import { clearLeadOutcome } from './clear-lead-outcome.ts';
import { setLeadOutcome } from './set-lead-outcome.ts';

function callerOf(request: FastifyRequest) {
  return { entityId: entityIdOf(request), user: sessionUserOf(request) };
}

/**
 * Notes and outcomes on a lead (issue 26): every member notes any lead and says what became of
 * it, like claiming; none of it is a response, so speed-to-lead does not move.
 */
export function registerLeadNotesOutcomesRoutes(app: FastifyInstance, { db, requireSession, clock }: RouteContext) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.post(
    '/v1/leads/:id/notes',
    {
      schema: {
        summary: 'Add a note to a lead',
        description:
          'A note for the team (plain text, line breaks kept, up to 2,000 characters): in the lead’s timeline at once on every open console, and found by the inbox’s search.',
        params: IdParamsSchema,
        body: LeadNoteInputSchema,
        response: { 201: LeadTimelineEntrySchema },
      },
      onRequest: requireSession,
      config: { readsLeads: true },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await addLeadNote(db, { id: request.params.id, ...callerOf(request), text: request.body.text })),
  );

  routes.put(
    '/v1/leads/:id/outcome',
    {
      schema: {
        summary: 'Say what became of a lead',
        description:
          '`won` (with an optional `value` in the entity’s currency), `lost` (with an optional `reason`) or `no_answer`, and an optional `note`; setting it again replaces it. By itself not a response: who holds the lead and its speed-to-lead stay as they are. With `done: true` the lead is also marked done in the same step, as `POST /v1/leads/{id}/done` would (the console sends it with won and lost by default).',
        params: IdParamsSchema,
        body: LeadOutcomeInputSchema,
        response: {
          200: LeadOutcomeSummarySchema,
          ...errorResponses({ 409: 'The lead is quarantined as spam: `lead_is_spam`.' }),
        },
      },
      onRequest: requireSession,
      config: { readsLeads: true },
    },
    async (request) =>
      setLeadOutcome(db, { id: request.params.id, ...callerOf(request), input: request.body, now: clock.now() }),
  );

  routes.delete(
    '/v1/leads/:id/outcome',
    {
      schema: {
        summary: 'Clear a lead’s outcome',
        description: 'The lead has no outcome again; the timeline keeps who cleared it.',
        params: IdParamsSchema,
        response: { 204: noContent('Cleared (or there was none).') },
      },
      onRequest: requireSession,
      config: { readsLeads: true },
    },
    async (request, reply) => {
      await clearLeadOutcome(db, { id: request.params.id, ...callerOf(request) });
      return reply.status(204).send();
    },
  );
}
