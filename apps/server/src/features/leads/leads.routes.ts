import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  LEAD_RESTORABLE_DAYS,
  LeadCountsSchema,
  LeadDeletionSchema,
  LeadDetailSchema,
  LeadListQuerySchema,
  LeadPageSchema,
  LeadStateSchema,
  LeadTimelineSchema,
} from '@leadbell/shared/leads';
import { entityIdOf, sessionUserOf } from '../../auth/require-session.ts';
import { IdParamsSchema } from '../../http/ids.ts';
import { ENTITY_REQUIRED, errorResponses, noContent } from '../../http/openapi-responses.ts';
import type { RouteContext } from '../../http/route-context.ts';
import { claimLead } from './claim-lead.ts';
import { completeLead } from './complete-lead.ts';
import { countLeads } from './count-leads.ts';
import { deleteLead } from './delete-lead.ts';
import { exportLeads } from './export-leads.ts';
import { getLead } from './get-lead.ts';
import { getLeadTimeline } from './get-lead-timeline.ts';
import { listLeads } from './list-leads.ts';
import { markLeadSeen } from './mark-lead-seen.ts';
import { releaseLead } from './release-lead.ts';
import { restoreLead } from './restore-lead.ts';

const TAKEN = errorResponses({
  409: 'Someone else is on it, or it is done: `lead_taken`, with the lead’s state in `details.lead`.',
});

function callerOf(request: FastifyRequest) {
  return { entityId: entityIdOf(request), user: sessionUserOf(request) };
}

/**
 * The leads inbox (decision 024): every member reads, claims, releases and completes the entity's
 * leads; admins delete them and restore them (issue 25).
 */
export function registerLeadRoutes(app: FastifyInstance, { db, requireSession, requireAdmin, clock }: RouteContext) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const admin = [requireSession, requireAdmin];

  routes.get(
    '/v1/leads',
    {
      schema: {
        summary: 'The leads inbox',
        description:
          'Every flow’s leads, newest first: `filter` open (nobody on it), mine (claimed by me), tests (test leads nobody closed; neither open nor mine lists them), done, all or spam; a flow; `q` searches inside title, message and fields.',
        querystring: LeadListQuerySchema,
        response: { 200: LeadPageSchema, ...ENTITY_REQUIRED },
      },
      onRequest: requireSession,
      config: { readsLeads: true },
    },
    async (request) =>
      listLeads(db, { ...request.query, entityId: entityIdOf(request), viewerId: sessionUserOf(request).id }),
  );

  routes.get(
    '/v1/leads/counts',
    {
      schema: {
        summary: 'How many leads each inbox view holds',
        description:
          'The counts on the inbox’s tabs, each the length of its list: `open` (nobody on it), `mine` (claimed by me), `tests` (test leads nobody closed, which neither of those lists) and `spam` (quarantined, `filter=spam`).',
        response: { 200: LeadCountsSchema, ...ENTITY_REQUIRED },
      },
      onRequest: requireSession,
      config: { readsLeads: true },
    },
    async (request) => countLeads(db, entityIdOf(request), sessionUserOf(request).id),
  );

  routes.get(
    '/v1/leads/export.csv',
    {
      schema: {
        summary: 'Download leads as CSV',
        description:
          'The inbox with the same filters as one CSV file (UTF-8 with a byte order mark), every data field a column.',
        querystring: LeadListQuerySchema.omit({ cursor: true, limit: true }),
        response: {
          200: { description: 'The leads as CSV.', content: { 'text/csv': { schema: z.string() } } },
          ...ENTITY_REQUIRED,
        },
      },
      onRequest: requireSession,
      config: { readsLeads: true },
    },
    async (request, reply) => {
      const { entityId, user } = callerOf(request);
      const day = clock.now().toISOString().slice(0, 10);
      return (
        reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="leadbell-leads-${day}.csv"`)
          .header('cache-control', 'no-store')
          // A stream is piped as it is (never serialized); the documented type is the file's text.
          .send(Readable.from(exportLeads(db, { ...request.query, entityId, viewerId: user.id })) as unknown as string)
      );
    },
  );

  routes.get(
    '/v1/leads/:id',
    {
      schema: {
        summary: 'A lead',
        description:
          'Every field, who holds it, its timeline (each device and mailbox, seen, claimed, done) and who has seen it.',
        params: IdParamsSchema,
        response: { 200: LeadDetailSchema },
      },
      onRequest: requireSession,
      config: { readsLeads: true },
    },
    async (request) =>
      getLead(db, { id: request.params.id, entityId: entityIdOf(request), viewerId: sessionUserOf(request).id }),
  );

  routes.get(
    '/v1/leads/:id/events',
    {
      schema: {
        summary: 'A lead’s timeline',
        description:
          'What happened to the lead, oldest first: received, delivered to each device and mailbox, seen, claimed, released, done, escalated; and who has seen it.',
        params: IdParamsSchema,
        response: { 200: LeadTimelineSchema },
      },
      onRequest: requireSession,
      config: { readsLeads: true },
    },
    async (request) => getLeadTimeline(db, { id: request.params.id, entityId: entityIdOf(request) }),
  );

  routes.post(
    '/v1/leads/:id/claim',
    {
      schema: {
        summary: 'I’m on it',
        description:
          'Claims the lead for the signed-in member; the first claim wins and every open console hears of it.',
        params: IdParamsSchema,
        response: { 200: LeadStateSchema, ...TAKEN },
      },
      onRequest: requireSession,
      config: { readsLeads: true },
    },
    async (request) => claimLead(db, { id: request.params.id, ...callerOf(request), now: clock.now() }),
  );

  routes.post(
    '/v1/leads/:id/release',
    {
      schema: {
        summary: 'Give a lead back',
        description: 'Open again for the team; by whoever holds or completed it, or an admin.',
        params: IdParamsSchema,
        response: { 200: LeadStateSchema, ...errorResponses({ 403: 'Someone else holds it: `forbidden`.' }) },
      },
      onRequest: requireSession,
      config: { readsLeads: true },
    },
    async (request) => releaseLead(db, { id: request.params.id, ...callerOf(request) }),
  );

  routes.post(
    '/v1/leads/:id/done',
    {
      schema: {
        summary: 'Mark a lead done',
        description: 'The lead was answered.',
        params: IdParamsSchema,
        response: { 200: LeadStateSchema },
      },
      onRequest: requireSession,
      config: { readsLeads: true },
    },
    async (request) => completeLead(db, { id: request.params.id, ...callerOf(request), now: clock.now() }),
  );

  routes.post(
    '/v1/leads/:id/delete',
    {
      schema: {
        summary: 'Delete a lead',
        description: `Admins only. The lead leaves every list, count, CSV export, the flow’s notifications and the insights; it stops escalating and whoever was on it no longer is. It can be restored for ${LEAD_RESTORABLE_DAYS} days, then it is deleted for good. A lead already deleted answers 404.`,
        params: IdParamsSchema,
        response: { 200: LeadDeletionSchema },
      },
      onRequest: admin,
      config: { readsLeads: true },
    },
    async (request) => deleteLead(db, { id: request.params.id, ...callerOf(request), now: clock.now() }),
  );

  routes.post(
    '/v1/leads/:id/restore',
    {
      schema: {
        summary: 'Restore a deleted lead',
        description: `Admins only. Undoes a delete within ${LEAD_RESTORABLE_DAYS} days: the lead is back everywhere (open, if someone was on it), without ringing the team again. A lead that was not deleted is answered as it is; one deleted longer ago answers 404.`,
        params: IdParamsSchema,
        response: { 200: LeadStateSchema },
      },
      onRequest: admin,
      config: { readsLeads: true },
    },
    async (request) => restoreLead(db, { id: request.params.id, ...callerOf(request), now: clock.now() }),
  );

  routes.post(
    '/v1/leads/:id/seen',
    {
      schema: {
        summary: 'I have seen this lead',
        description: 'Recorded once per member: the timeline’s “seen by” and the inbox’s unread dot.',
        params: IdParamsSchema,
        response: { 204: noContent('Recorded.') },
      },
      onRequest: requireSession,
      config: { readsLeads: true },
    },
    async (request, reply) => {
      await markLeadSeen(db, {
        id: request.params.id,
        entityId: entityIdOf(request),
        userId: sessionUserOf(request).id,
      });
      return reply.status(204).send();
    },
  );
}
