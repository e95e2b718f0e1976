import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ConnectSlackSchema, SlackConnectionSchema, SlackIntegrationSchema } from '@leadbell/shared/slack';
import { WebhookDeliverySchema } from '@leadbell/shared/webhooks';
import { entityIdOf } from '../../auth/require-session.ts';
import { ENTITY_REQUIRED, errorResponses, noContent } from '../../http/openapi-responses.ts';
import type { RouteContext } from '../../http/route-context.ts';
import type { WebhookDependencies } from '../webhooks/deliver-webhook.ts';
import { connectSlack } from './connect-slack.ts';
import { disconnectSlack } from './disconnect-slack.ts';
import { getSlackIntegration } from './get-slack-integration.ts';
import { sendSlackTest } from './send-slack-test.ts';

const NOT_CONNECTED = errorResponses({ 404: 'Slack is not connected: `not_found`.' });

export function registerSlackRoutes(
  app: FastifyInstance,
  { db, cipher, requireSession, requireAdmin }: RouteContext,
  { webhooks, allowPrivateNetworks }: { webhooks: WebhookDependencies; allowPrivateNetworks: boolean },
) {
  // Messages carry every lead's fields to a channel: admins only, like webhooks (decision 023).
  const admin = [requireSession, requireAdmin];
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/v1/integrations/slack',
    {
      schema: {
        summary: 'Get the Slack connection',
        description:
          'The business’s Slack connection with its URL masked, or `connection: null`. Its delivery log is at `/v1/webhook-endpoints/{id}/deliveries`.',
        response: { 200: SlackIntegrationSchema, ...ENTITY_REQUIRED },
      },
      onRequest: admin,
    },
    async (request) => getSlackIntegration(db, entityIdOf(request)),
  );

  routes.put(
    '/v1/integrations/slack',
    {
      schema: {
        summary: 'Connect Slack',
        description:
          'Connects a Slack incoming-webhook URL (`https://hooks.slack.com/services/…`), or replaces the connection and turns it on again. Each lead is posted as a Block Kit message; claims and completions as short follow-ups. The URL is kept sealed and never answered whole; Slack is not contacted (only the test call does).',
        body: ConnectSlackSchema,
        response: { 200: SlackConnectionSchema, ...ENTITY_REQUIRED },
      },
      onRequest: admin,
    },
    async (request) =>
      connectSlack({ db, cipher, allowPrivateNetworks }, { entityId: entityIdOf(request) }, request.body),
  );

  routes.delete(
    '/v1/integrations/slack',
    {
      schema: {
        summary: 'Disconnect Slack',
        description: 'Nothing more is posted; the connection’s delivery log goes with it.',
        response: { 204: noContent('Disconnected.'), ...NOT_CONNECTED, ...ENTITY_REQUIRED },
      },
      onRequest: admin,
    },
    async (request, reply) => {
      await disconnectSlack(db, entityIdOf(request));
      return reply.status(204).send();
    },
  );

  routes.post(
    '/v1/integrations/slack/test',
    {
      schema: {
        summary: 'Post a test message to Slack',
        description:
          'Posts a test message now and answers with its delivery: Slack’s status code, duration and answer. Not retried; an answer saying the URL is revoked turns the connection off.',
        response: { 200: WebhookDeliverySchema, ...NOT_CONNECTED, ...ENTITY_REQUIRED },
      },
      onRequest: admin,
    },
    async (request) => sendSlackTest(webhooks, entityIdOf(request)),
  );
}
