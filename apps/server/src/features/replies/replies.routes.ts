import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  CannedReplyInputSchema,
  CannedReplyListSchema,
  CannedReplyPatchSchema,
  CannedReplySchema,
  LeadAttemptInputSchema,
  LeadAttemptSchema,
  LeadReplyInputSchema,
  LeadReplySchema,
} from '@leadbell/shared/replies';
import { entityIdOf, sessionUserOf } from '../../auth/require-session.ts';
import { IdParamsSchema } from '../../http/ids.ts';
import { ENTITY_REQUIRED, errorResponse, errorResponses, noContent } from '../../http/openapi-responses.ts';
import type { RouteContext } from '../../http/route-context.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { createCannedReply } from './create-canned-reply.ts';
import { deleteCannedReply } from './delete-canned-reply.ts';
import { listCannedReplies } from './list-canned-replies.ts';
import { recordLeadAttempt } from './record-lead-attempt.ts';
import {
  REPLIES_PER_BUSINESS_PER_HOUR,
  REPLIES_PER_MEMBER_PER_HOUR,
  REPLIES_PER_NEW_BUSINESS_PER_HOUR,
  REPLIES_PER_VISITOR_PER_HOUR,
} from './reply-allowances.ts';
import { sendLeadReply } from './send-lead-reply.ts';
import { updateCannedReply } from './update-canned-reply.ts';

function callerOf(request: FastifyRequest) {
  return { entityId: entityIdOf(request), user: sessionUserOf(request) };
}

/**
 * Answering a lead from its card (issue 26): a reply by email to the visitor, the Call, Text and
 * WhatsApp taps, and the canned replies the composer offers. Every member replies and records
 * attempts on any lead (as they claim any lead); only admins change the canned replies.
 */
export function registerReplyRoutes(
  app: FastifyInstance,
  { db, requireSession, requireAdmin, clock }: RouteContext,
  { mailer, visitorMailsPerMinute }: { mailer: Mailer; visitorMailsPerMinute: number },
) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const admin = [requireSession, requireAdmin];

  routes.post(
    '/v1/leads/:id/replies',
    {
      schema: {
        summary: 'Reply to a lead by email',
        description: `Emails the lead's visitor at the address the lead left (never another: there is no recipient field), from "<member> at <business>" with Reply-To the member; \`subject\` defaults to the flow's reply subject filled from the lead, else "Your inquiry to <business>". Kept in the timeline as \`replied\`. On an open lead the reply is the first response: it claims the lead for the member as "I'm on it" does. A lead someone else holds is answered without taking it. Only to real visitors: not to a test lead (409 \`lead_is_test\`), a held one (409 \`lead_is_held\`) or spam (409 \`lead_is_spam\`). Allowances, taken before the mail goes (429 \`rate_limited\` with Retry-After): ${REPLIES_PER_VISITOR_PER_HOUR} replies a visitor an hour, ${REPLIES_PER_MEMBER_PER_HOUR} a member, ${REPLIES_PER_BUSINESS_PER_HOUR} a business (${REPLIES_PER_NEW_BUSINESS_PER_HOUR} on the free plan or in its first day), and the server's ceiling on mail to visitors a minute.`,
        params: IdParamsSchema,
        body: LeadReplyInputSchema,
        response: {
          201: LeadReplySchema,
          ...errorResponses({
            409: 'The lead is a test (`lead_is_test`), held past the plan’s limit (`lead_is_held`) or in Spam (`lead_is_spam`).',
            429: true,
          }),
          422: errorResponse('The lead left no valid email address: `lead_unreachable`.'),
          502: errorResponse('Our mail server did not take the reply: `mail_failed`; nothing was sent or recorded.'),
        },
      },
      onRequest: requireSession,
      config: { readsLeads: true },
    },
    async (request, reply) =>
      reply.status(201).send(
        await sendLeadReply(db, {
          id: request.params.id,
          ...callerOf(request),
          input: request.body,
          mailer,
          now: clock.now(),
          log: request.log,
          visitorMailsPerMinute,
        }),
      ),
  );

  routes.post(
    '/v1/leads/:id/attempts',
    {
      schema: {
        summary: 'Record a call or message to a lead',
        description:
          'A member tapped Call (`call`), Text (`sms`) or WhatsApp (`whatsapp`): kept in the timeline as `called` or `messaged` with the number, one of the lead’s own (`to` picks one when it left several). It claims nothing.',
        params: IdParamsSchema,
        body: LeadAttemptInputSchema,
        response: {
          201: LeadAttemptSchema,
          422: errorResponse('The lead left no such phone number: `lead_unreachable`.'),
        },
      },
      onRequest: requireSession,
      config: { readsLeads: true },
    },
    async (request, reply) =>
      reply.status(201).send(
        await recordLeadAttempt(db, {
          id: request.params.id,
          ...callerOf(request),
          input: request.body,
          now: clock.now(),
        }),
      ),
  );

  routes.get(
    '/v1/canned-replies',
    {
      schema: {
        summary: 'Canned replies',
        description: 'The answers the team keeps ready for the reply composer, by title; every member reads them.',
        response: { 200: CannedReplyListSchema, ...ENTITY_REQUIRED },
      },
      onRequest: requireSession,
    },
    async (request) => listCannedReplies(db, entityIdOf(request)),
  );

  routes.post(
    '/v1/canned-replies',
    {
      schema: {
        summary: 'Add a canned reply',
        description:
          'Admins only. A title (up to 80 characters) and a body (up to 5,000) with the flow’s `{{placeholders}}`, filled from the lead when a member picks it.',
        body: CannedReplyInputSchema,
        response: { 201: CannedReplySchema, ...ENTITY_REQUIRED },
      },
      onRequest: admin,
    },
    async (request, reply) =>
      reply.status(201).send(await createCannedReply(db, { entityId: entityIdOf(request), input: request.body })),
  );

  routes.patch(
    '/v1/canned-replies/:id',
    {
      schema: {
        summary: 'Change a canned reply',
        description: 'Admins only. The title, the body or both.',
        params: IdParamsSchema,
        body: CannedReplyPatchSchema,
        response: { 200: CannedReplySchema },
      },
      onRequest: admin,
    },
    async (request) =>
      updateCannedReply(db, { id: request.params.id, entityId: entityIdOf(request), patch: request.body }),
  );

  routes.delete(
    '/v1/canned-replies/:id',
    {
      schema: {
        summary: 'Delete a canned reply',
        description: 'Admins only. Replies already sent keep their text in each lead’s timeline.',
        params: IdParamsSchema,
        response: { 204: noContent('Deleted.') },
      },
      onRequest: admin,
    },
    async (request, reply) => {
      await deleteCannedReply(db, { id: request.params.id, entityId: entityIdOf(request) });
      return reply.status(204).send();
    },
  );
}
