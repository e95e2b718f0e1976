import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AcknowledgementInputSchema,
  FlowFieldsSchema,
  FlowInputSchema,
  FlowListSchema,
  FlowSchema,
  TurnstileInputSchema,
} from '@leadbell/shared/flows';
import { entityIdOf } from '../../auth/require-session.ts';
import { IdParamsSchema } from '../../http/ids.ts';
import { ENTITY_REQUIRED, jsonResponse, noContent } from '../../http/openapi-responses.ts';
import type { RouteContext } from '../../http/route-context.ts';
import { createFlow } from './create-flow.ts';
import { deleteFlow } from './delete-flow.ts';
import { getFlowOrThrow } from './get-flow.ts';
import { getFlowFields } from './get-flow-fields.ts';
import { listFlows } from './list-flows.ts';
import { setFlowAcknowledgement } from './set-flow-acknowledgement.ts';
import { setFlowTurnstile } from './set-flow-turnstile.ts';
import { updateFlow } from './update-flow.ts';

export function registerFlowRoutes(app: FastifyInstance, { db, cipher, requireSession, requireAdmin }: RouteContext) {
  // Everyone in the business reads flows; admins create, edit and delete them (decision 023).
  const admin = [requireSession, requireAdmin];
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/v1/flows',
    {
      schema: { summary: 'List flows', response: { 200: FlowListSchema, ...ENTITY_REQUIRED } },
      onRequest: requireSession,
    },
    async (request) => ({ data: await listFlows(db, entityIdOf(request)) }),
  );

  routes.post(
    '/v1/flows',
    {
      schema: {
        summary: 'Create a flow',
        description:
          "A flow is one form or source on a website. `title` and `message` are the notification’s templates: `{{Field Name}}` is filled from the notification’s `data` (any case, spaces allowed). A `{{` left unclosed, a `}}` never opened, an empty placeholder or a name with another character than letters, digits, spaces and `_ . - ' ?` answers 400, naming the character.",
        body: FlowInputSchema,
        response: {
          201: jsonResponse(FlowSchema, 'The new flow; its `flowId` goes into the website’s calls.'),
          ...ENTITY_REQUIRED,
        },
      },
      onRequest: admin,
    },
    async (request, reply) => reply.status(201).send(await createFlow(db, entityIdOf(request), request.body)),
  );

  routes.get(
    '/v1/flows/:id',
    {
      schema: { summary: 'Read a flow', params: IdParamsSchema, response: { 200: FlowSchema, ...ENTITY_REQUIRED } },
      onRequest: requireSession,
    },
    async (request) => getFlowOrThrow(db, entityIdOf(request), request.params.id),
  );

  routes.get(
    '/v1/flows/:id/fields',
    {
      schema: {
        summary: 'Data fields the flow received lately',
        description:
          'The field names of the flow’s latest notifications, for the editor’s placeholder hints: a placeholder no recent notification filled is probably misspelt.',
        params: IdParamsSchema,
        response: { 200: FlowFieldsSchema, ...ENTITY_REQUIRED },
      },
      onRequest: requireSession,
      config: { readsLeads: true },
    },
    async (request) => getFlowFields(db, entityIdOf(request), request.params.id),
  );

  routes.put(
    '/v1/flows/:id',
    {
      schema: {
        summary: 'Change a flow',
        description: 'Replaces the name and templates. Notifications already sent keep their text.',
        params: IdParamsSchema,
        body: FlowInputSchema,
        response: { 200: FlowSchema, ...ENTITY_REQUIRED },
      },
      onRequest: admin,
    },
    async (request) => updateFlow(db, entityIdOf(request), request.params.id, request.body),
  );

  routes.put(
    '/v1/flows/:id/turnstile',
    {
      schema: {
        summary: 'Ask for a CAPTCHA on the flow’s forms',
        description:
          'Cloudflare Turnstile, with the widget’s site key and secret key. Each submission from a browser is then checked with Cloudflare: one that fails (or sends no token) is quarantined as spam; one Cloudflare cannot check in time is accepted, with a note that counts a little towards spam. Takes effect within a minute. The secret is never shown again.',
        params: IdParamsSchema,
        body: TurnstileInputSchema,
        response: { 200: FlowSchema, ...ENTITY_REQUIRED },
      },
      onRequest: admin,
    },
    async (request) =>
      setFlowTurnstile({ db, cipher }, { entityId: entityIdOf(request), flowId: request.params.id }, request.body),
  );

  routes.delete(
    '/v1/flows/:id/turnstile',
    {
      schema: {
        summary: 'Stop asking for a CAPTCHA',
        params: IdParamsSchema,
        response: { 200: FlowSchema, ...ENTITY_REQUIRED },
      },
      onRequest: admin,
    },
    async (request) =>
      setFlowTurnstile({ db, cipher }, { entityId: entityIdOf(request), flowId: request.params.id }, null),
  );

  routes.put(
    '/v1/flows/:id/acknowledgement',
    {
      schema: {
        summary: 'Acknowledge the flow’s visitors by email',
        description:
          'Turns the instant acknowledgement on or off and sets its subject, text and optional after-hours text (sent when the lead arrives while the business is closed). The templates take the flow’s `{{placeholders}}`, filled from the lead’s fields. It goes to the lead’s email address, from the business’s name, Reply-To the business’s reply address, at most once a day per address for this flow, never for spam, tests, held leads or an address the team marked as spam (decision 047). `replySubject` sets what a reply from the lead card is titled (placeholders too; empty or null: "Your inquiry to <business>"; left out: unchanged).',
        params: IdParamsSchema,
        body: AcknowledgementInputSchema,
        response: { 200: FlowSchema, ...ENTITY_REQUIRED },
      },
      onRequest: admin,
    },
    async (request) =>
      setFlowAcknowledgement(db, { entityId: entityIdOf(request), flowId: request.params.id }, request.body),
  );

  routes.delete(
    '/v1/flows/:id',
    {
      schema: {
        summary: 'Delete a flow',
        description: 'Deletes the flow and its notifications. Websites still sending to it get 404.',
        params: IdParamsSchema,
        response: { 204: noContent('Deleted.'), ...ENTITY_REQUIRED },
      },
      onRequest: admin,
    },
    async (request, reply) => {
      await deleteFlow(db, entityIdOf(request), request.params.id);
      return reply.status(204).send();
    },
  );
}
