import { z } from 'zod';
import { WEBHOOK_EVENT_TYPES, WEBHOOK_URL_MAX } from './webhooks.ts';

/** The only host a Slack incoming webhook lives on (WEBHOOK_ALLOW_PRIVATE_NETWORKS lifts it for tests). */
export const SLACK_WEBHOOK_HOST = 'hooks.slack.com';
export const SLACK_WEBHOOK_PREFIX = `https://${SLACK_WEBHOOK_HOST}/services/`;

/** What a new Slack connection posts unless told otherwise: a lead, then who took it and when it was done. */
export const SLACK_DEFAULT_EVENTS = ['lead.created', 'lead.claimed', 'lead.done'] as const;

const URL_MESSAGE = `Paste the Slack incoming-webhook URL, like ${SLACK_WEBHOOK_PREFIX}T000/B000/XXXX.`;

/** PUT /v1/integrations/slack: connects Slack, or replaces the connection's URL, flow and events. */
export const ConnectSlackSchema = z.object({
  url: z
    .string({ error: URL_MESSAGE })
    .trim()
    .min(1, URL_MESSAGE)
    .max(WEBHOOK_URL_MAX, `The URL must be ${WEBHOOK_URL_MAX} characters or less.`)
    .pipe(z.url({ protocol: /^https?$/, error: URL_MESSAGE }))
    .describe(`The channel’s incoming-webhook URL (${SLACK_WEBHOOK_PREFIX}…). Kept sealed, never shown again whole.`),
  flowId: z.uuid('Choose a flow, or every flow.').nullable().optional(),
  events: z
    .array(z.enum(WEBHOOK_EVENT_TYPES, { error: `Events are ${WEBHOOK_EVENT_TYPES.join(', ')}.` }), {
      error: 'Choose at least one event.',
    })
    .min(1, 'Choose at least one event.')
    .transform((events) => WEBHOOK_EVENT_TYPES.filter((type) => events.includes(type)))
    .optional()
    .describe(`What to post; ${SLACK_DEFAULT_EVENTS.join(', ')} when left out.`),
});
export type ConnectSlack = z.input<typeof ConnectSlackSchema>;

export const SlackConnectionSchema = z.object({
  id: z.string().describe('The connection’s delivery log is at /v1/webhook-endpoints/{id}/deliveries.'),
  url: z.string().describe('The URL, masked: its secret part is never shown again.'),
  flowId: z.string().nullable().describe('Only this flow’s leads; null for every flow.'),
  events: z.array(z.enum(WEBHOOK_EVENT_TYPES)),
  enabled: z.boolean(),
  disabledAt: z.string().nullable(),
  disabledReason: z
    .string()
    .nullable()
    .describe('Why Leadbell turned it off (Slack revoked the URL, or sustained failure).'),
  lastSuccessAt: z.string().nullable(),
  createdAt: z.string(),
});
export type SlackConnection = z.infer<typeof SlackConnectionSchema>;

/** GET /v1/integrations/slack: the connection, or null when Slack is not connected. */
export const SlackIntegrationSchema = z.object({ connection: SlackConnectionSchema.nullable() });
export type SlackIntegration = z.infer<typeof SlackIntegrationSchema>;
