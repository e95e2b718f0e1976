import { z } from 'zod';
import { textField } from './fields.ts';
import { LEAD_OUTCOMES, LEAD_STATUSES, LOST_REASONS } from './leads.ts';

/** What an outgoing webhook endpoint can subscribe to (issue 27). */
export const WEBHOOK_EVENT_TYPES = ['lead.created', 'lead.claimed', 'lead.done', 'lead.spam', 'lead.outcome'] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** Every event an endpoint may receive: the subscribed ones, and the test event its "Send test" button sends. */
export const WEBHOOK_DELIVERY_EVENT_TYPES = [...WEBHOOK_EVENT_TYPES, 'webhook.test'] as const;
export type WebhookDeliveryEventType = (typeof WEBHOOK_DELIVERY_EVENT_TYPES)[number];

export const WEBHOOK_EVENT_LABELS: Record<WebhookEventType, string> = {
  'lead.created': 'New lead',
  'lead.claimed': 'Lead claimed',
  'lead.done': 'Lead done',
  'lead.spam': 'Marked as spam',
  'lead.outcome': 'Outcome set',
};

/** `slack`: a Slack connection (slack.ts), the same deliveries with a Block Kit body. */
export const WEBHOOK_ENDPOINT_KINDS = ['standard', 'slack'] as const;
export type WebhookEndpointKind = (typeof WEBHOOK_ENDPOINT_KINDS)[number];

/** The payload version: a breaking change to `data` comes as version 2, announced ahead. */
export const WEBHOOK_PAYLOAD_VERSION = 1;

export const WEBHOOK_URL_MAX = 2048;
export const WEBHOOK_DESCRIPTION_MAX = 200;
/** How much of an endpoint's answer the delivery log keeps. */
export const WEBHOOK_RESPONSE_EXCERPT_MAX = 500;

const PersonSchema = z.object({ id: z.string(), name: z.string() });

/** The lead as a webhook carries it: `data.lead` of every `lead.*` event. */
export const WebhookLeadSchema = z
  .object({
    id: z.string().describe('The lead’s id (the same as the API’s notification id).'),
    url: z.string().describe('Opens the lead’s card in the console.'),
    flow: z.object({ id: z.string(), name: z.string() }),
    status: z.enum(LEAD_STATUSES),
    title: z.string(),
    message: z.string(),
    data: z.record(z.string(), z.unknown()).describe('Every field the visitor sent.'),
    pageUrl: z.string().nullable(),
    referrer: z.string().nullable(),
    trafficSource: z.string().nullable(),
    test: z.boolean(),
    createdAt: z.string(),
    claimedBy: PersonSchema.nullable(),
    claimedAt: z.string().nullable(),
    doneBy: PersonSchema.nullable(),
    doneAt: z.string().nullable(),
    outcome: z
      .object({
        outcome: z.enum(LEAD_OUTCOMES),
        value: z.number().nullable(),
        reason: z.enum(LOST_REASONS).nullable(),
        note: z.string().nullable(),
        at: z.string().nullable(),
      })
      .nullable(),
  })
  .describe('A lead as of the event.');
export type WebhookLead = z.infer<typeof WebhookLeadSchema>;

function leadEventSchema<Type extends WebhookEventType>(type: Type, description: string) {
  return z
    .object({
      type: z.literal(type),
      timestamp: z.string().describe('When the event happened (ISO 8601).'),
      data: z.object({ version: z.literal(WEBHOOK_PAYLOAD_VERSION), lead: WebhookLeadSchema }),
    })
    .describe(description);
}

export const WebhookLeadCreatedSchema = leadEventSchema(
  'lead.created',
  'A lead arrived (not spam, not a test, not held for the plan’s limit).',
);
export const WebhookLeadClaimedSchema = leadEventSchema('lead.claimed', 'Someone said “I’m on it”.');
export const WebhookLeadDoneSchema = leadEventSchema('lead.done', 'The lead was marked done.');
export const WebhookLeadSpamSchema = leadEventSchema('lead.spam', 'Someone marked the lead as spam.');
export const WebhookLeadOutcomeSchema = leadEventSchema('lead.outcome', 'The lead’s outcome was set (won, lost…).');
export const WebhookTestEventSchema = z
  .object({
    type: z.literal('webhook.test'),
    timestamp: z.string(),
    data: z.object({
      version: z.literal(WEBHOOK_PAYLOAD_VERSION),
      endpointId: z.string(),
      message: z.string(),
    }),
  })
  .describe('Sent by “Send test event”; carries no lead.');

export const WebhookEventSchema = z.discriminatedUnion('type', [
  WebhookLeadCreatedSchema,
  WebhookLeadClaimedSchema,
  WebhookLeadDoneSchema,
  WebhookLeadSpamSchema,
  WebhookLeadOutcomeSchema,
  WebhookTestEventSchema,
]);
export type WebhookEvent = z.infer<typeof WebhookEventSchema>;

export const WebhookEndpointSchema = z.object({
  id: z.string(),
  url: z.string(),
  description: z.string().nullable(),
  events: z.array(z.enum(WEBHOOK_EVENT_TYPES)),
  flowId: z.string().nullable().describe('Only this flow’s leads; null for every flow.'),
  enabled: z.boolean(),
  disabledAt: z.string().nullable(),
  disabledReason: z.string().nullable().describe('Why Leadbell turned it off (sustained failure), if it did.'),
  previousSecretExpiresAt: z
    .string()
    .nullable()
    .describe('After a rotation, the old secret also signs until this time.'),
  lastSuccessAt: z.string().nullable(),
  createdAt: z.string(),
});
export type WebhookEndpoint = z.infer<typeof WebhookEndpointSchema>;

export const WebhookEndpointListSchema = z.object({ data: z.array(WebhookEndpointSchema) });
export type WebhookEndpointList = z.infer<typeof WebhookEndpointListSchema>;

export const WebhookEndpointWithSecretSchema = WebhookEndpointSchema.extend({
  secret: z.string().describe('The signing secret (`whsec_…`). Shown once: keep it now.'),
});
export type WebhookEndpointWithSecret = z.infer<typeof WebhookEndpointWithSecretSchema>;

const URL_MESSAGE = 'Enter the endpoint’s address, like https://example.com/webhooks/leadbell.';

/** The address's form; whether it may be reached (https, public addresses) is the server's check. */
export const WebhookUrlSchema = z
  .string({ error: URL_MESSAGE })
  .trim()
  .min(1, URL_MESSAGE)
  .max(WEBHOOK_URL_MAX, `The address must be ${WEBHOOK_URL_MAX} characters or less.`)
  .pipe(z.url({ protocol: /^https?$/, error: URL_MESSAGE }))
  .refine((value) => !/^[a-z]+:\/\/[^/?#]*@/i.test(value), 'The address must not carry a user name or password.');

const EventsSchema = z
  .array(z.enum(WEBHOOK_EVENT_TYPES, { error: `Events are ${WEBHOOK_EVENT_TYPES.join(', ')}.` }), {
    error: 'Choose at least one event.',
  })
  .min(1, 'Choose at least one event.')
  .transform((events) => WEBHOOK_EVENT_TYPES.filter((type) => events.includes(type)));

const DescriptionSchema = textField({
  max: [WEBHOOK_DESCRIPTION_MAX, `Description must be ${WEBHOOK_DESCRIPTION_MAX} characters or less.`],
});

export const CreateWebhookEndpointSchema = z.object({
  url: WebhookUrlSchema,
  description: DescriptionSchema.optional(),
  events: EventsSchema,
  flowId: z.uuid('Choose a flow, or every flow.').nullable().optional(),
});
export type CreateWebhookEndpoint = z.input<typeof CreateWebhookEndpointSchema>;

export const UpdateWebhookEndpointSchema = z
  .object({
    url: WebhookUrlSchema,
    description: DescriptionSchema.nullable(),
    events: EventsSchema,
    flowId: z.uuid('Choose a flow, or every flow.').nullable(),
    enabled: z.boolean({ error: 'enabled is true or false.' }),
  })
  .partial();
export type UpdateWebhookEndpoint = z.input<typeof UpdateWebhookEndpointSchema>;

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

/** One attempt at a delivery: when, and what the endpoint answered (or why nothing did). */
export const WebhookDeliveryAttemptSchema = z.object({
  number: z.number().int().describe('1 for the first attempt; a retry or resend counts on.'),
  attemptedAt: z.string(),
  outcome: z.enum(['delivered', 'failed']),
  statusCode: z.number().int().nullable(),
  durationMs: z.number().int(),
  error: z.string().nullable(),
  responseExcerpt: z.string().nullable(),
});
export type WebhookDeliveryAttempt = z.infer<typeof WebhookDeliveryAttemptSchema>;

/** One event for one endpoint, with the outcome of its latest attempt and every attempt before it. */
export const WebhookDeliverySchema = z.object({
  id: z.string(),
  messageId: z.string().describe('The `webhook-id` header: the same on every retry and resend.'),
  eventType: z.enum(WEBHOOK_DELIVERY_EVENT_TYPES),
  leadId: z.string().nullable(),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  attempts: z.number().int(),
  lastStatusCode: z.number().int().nullable(),
  lastDurationMs: z.number().int().nullable(),
  lastError: z
    .string()
    .nullable()
    .describe('Why the last attempt failed when no answer says it (timeout, refused address…).'),
  responseExcerpt: z
    .string()
    .nullable()
    .describe(`The first ${WEBHOOK_RESPONSE_EXCERPT_MAX} characters of the last answer.`),
  nextAttemptAt: z.string().nullable(),
  createdAt: z.string(),
  lastAttemptAt: z.string().nullable(),
  attemptLog: z.array(WebhookDeliveryAttemptSchema).describe('Every attempt, oldest first.'),
});
export type WebhookDelivery = z.infer<typeof WebhookDeliverySchema>;

export const WebhookDeliveryListSchema = z.object({ data: z.array(WebhookDeliverySchema) });
export type WebhookDeliveryList = z.infer<typeof WebhookDeliveryListSchema>;

export const WebhookDeliveryParamsSchema = z.object({ id: z.string().max(100), deliveryId: z.string().max(100) });
