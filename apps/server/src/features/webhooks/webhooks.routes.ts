import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  CreateWebhookEndpointSchema,
  UpdateWebhookEndpointSchema,
  WebhookDeliveryListSchema,
  WebhookDeliveryParamsSchema,
  WebhookDeliverySchema,
  WebhookEndpointListSchema,
  WebhookEndpointSchema,
  WebhookEndpointWithSecretSchema,
} from '@leadbell/shared/webhooks';
import { entityIdOf } from '../../auth/require-session.ts';
import { IdParamsSchema } from '../../http/ids.ts';
import { ENTITY_REQUIRED, jsonResponse, noContent } from '../../http/openapi-responses.ts';
import type { RouteContext } from '../../http/route-context.ts';
import { createWebhookEndpoint } from './create-webhook-endpoint.ts';
import type { WebhookDependencies } from './deliver-webhook.ts';
import { deleteWebhookEndpoint } from './delete-webhook-endpoint.ts';
import { listWebhookDeliveries } from './list-webhook-deliveries.ts';
import { listWebhookEndpoints } from './list-webhook-endpoints.ts';
import { resendWebhookDelivery } from './resend-webhook-delivery.ts';
import { rotateWebhookSecret } from './rotate-webhook-secret.ts';
import { sendWebhookTest } from './send-webhook-test.ts';
import { updateWebhookEndpoint } from './update-webhook-endpoint.ts';

const SIGNING = 'Events are signed per Standard Webhooks (`webhook-id`, `webhook-timestamp`, `webhook-signature`).';

export function registerWebhookRoutes(
  app: FastifyInstance,
  { db, cipher, requireSession, requireAdmin, deliveryQueue, clock }: RouteContext,
  { webhooks, allowPrivateNetworks }: { webhooks: WebhookDependencies; allowPrivateNetworks: boolean },
) {
  // Endpoints receive every lead's fields and carry a signing secret: admins only (decision 023).
  const admin = [requireSession, requireAdmin];
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const noStore = { 'cache-control': 'no-store' };

  routes.get(
    '/v1/webhook-endpoints',
    {
      schema: {
        summary: 'List webhook endpoints',
        description: 'The business’s outgoing webhook endpoints, without their secrets.',
        response: { 200: WebhookEndpointListSchema, ...ENTITY_REQUIRED },
      },
      onRequest: admin,
    },
    async (request) => ({ data: await listWebhookEndpoints(db, entityIdOf(request), clock.now()) }),
  );

  routes.post(
    '/v1/webhook-endpoints',
    {
      schema: {
        summary: 'Add a webhook endpoint',
        description: `Registers an https URL on the public internet for the chosen events, optionally for one flow. The address is checked, never contacted (only the test call does). ${SIGNING} The signing secret is in this answer only.`,
        body: CreateWebhookEndpointSchema,
        response: {
          201: jsonResponse(WebhookEndpointWithSecretSchema, 'The endpoint and its signing secret, shown this once.'),
          ...ENTITY_REQUIRED,
        },
      },
      onRequest: admin,
    },
    async (request, reply) =>
      reply
        .status(201)
        .headers(noStore)
        .send(
          await createWebhookEndpoint(
            { db, cipher, allowPrivateNetworks },
            { entityId: entityIdOf(request), now: clock.now() },
            request.body,
          ),
        ),
  );

  routes.patch(
    '/v1/webhook-endpoints/:id',
    {
      schema: {
        summary: 'Change a webhook endpoint',
        description:
          'Changes the fields given. `enabled: true` turns on an endpoint Leadbell turned off after sustained failure.',
        params: IdParamsSchema,
        body: UpdateWebhookEndpointSchema,
        response: { 200: WebhookEndpointSchema, ...ENTITY_REQUIRED },
      },
      onRequest: admin,
    },
    async (request) =>
      updateWebhookEndpoint(
        { db, allowPrivateNetworks },
        { entityId: entityIdOf(request), id: request.params.id, now: clock.now() },
        request.body,
      ),
  );

  routes.delete(
    '/v1/webhook-endpoints/:id',
    {
      schema: {
        summary: 'Delete a webhook endpoint',
        description: 'Nothing more is sent to it; its delivery log goes with it.',
        params: IdParamsSchema,
        response: { 204: noContent('Deleted.'), ...ENTITY_REQUIRED },
      },
      onRequest: admin,
    },
    async (request, reply) => {
      await deleteWebhookEndpoint(db, { entityId: entityIdOf(request), id: request.params.id });
      return reply.status(204).send();
    },
  );

  routes.post(
    '/v1/webhook-endpoints/:id/rotate-secret',
    {
      schema: {
        summary: 'Rotate a webhook endpoint’s secret',
        description:
          'A new signing secret, in this answer only. For 24 hours events carry a signature with each secret, so the receiver can switch without losing one.',
        params: IdParamsSchema,
        response: { 200: WebhookEndpointWithSecretSchema, ...ENTITY_REQUIRED },
      },
      onRequest: admin,
    },
    async (request, reply) =>
      reply
        .headers(noStore)
        .send(
          await rotateWebhookSecret(
            { db, cipher },
            { entityId: entityIdOf(request), id: request.params.id, now: clock.now() },
          ),
        ),
  );

  routes.post(
    '/v1/webhook-endpoints/:id/test',
    {
      schema: {
        summary: 'Send a test event',
        description:
          'Sends a `webhook.test` event now and answers with its delivery: the status code, duration and the start of the endpoint’s answer. Not retried.',
        params: IdParamsSchema,
        response: { 200: WebhookDeliverySchema, ...ENTITY_REQUIRED },
      },
      onRequest: admin,
    },
    async (request) => sendWebhookTest(webhooks, { entityId: entityIdOf(request), id: request.params.id }),
  );

  routes.get(
    '/v1/webhook-endpoints/:id/deliveries',
    {
      schema: {
        summary: 'List a webhook endpoint’s deliveries',
        description:
          'The latest 100 events sent or to send to the endpoint, newest first: status, attempts, the last answer’s status code, duration and first 500 characters, when the next retry is due, and every attempt with its own answer (`attemptLog`).',
        params: IdParamsSchema,
        response: { 200: WebhookDeliveryListSchema, ...ENTITY_REQUIRED },
      },
      onRequest: admin,
    },
    async (request) => ({
      data: await listWebhookDeliveries(db, { entityId: entityIdOf(request), id: request.params.id }),
    }),
  );

  routes.post(
    '/v1/webhook-endpoints/:id/deliveries/:deliveryId/resend',
    {
      schema: {
        summary: 'Resend a webhook delivery',
        description:
          'Sends the same event again (same `webhook-id` and body) as soon as a worker takes it; read the log for the outcome.',
        params: WebhookDeliveryParamsSchema,
        response: { 202: jsonResponse(WebhookDeliverySchema, 'Queued: the delivery, pending.'), ...ENTITY_REQUIRED },
      },
      onRequest: admin,
    },
    async (request, reply) =>
      reply
        .status(202)
        .send(
          await resendWebhookDelivery(
            { db, queue: deliveryQueue },
            { entityId: entityIdOf(request), endpointId: request.params.id, deliveryId: request.params.deliveryId },
          ),
        ),
  );
}
