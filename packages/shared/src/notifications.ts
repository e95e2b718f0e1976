import { z } from 'zod';
import { templateSyntax, UuidSchema } from './fields.ts';
import { ATTRIBUTION_KEYS, ATTRIBUTION_VALUE_MAX, PAGE_URL_MAX, type AttributionKey } from './lead-sources.ts';
import { isCleanText, sanitizeText } from './sanitize.ts';

export const NOTIFY_TITLE_MAX = 120;
export const NOTIFY_MESSAGE_MAX = 1000;
export const NOTIFY_DATA_FIELDS_MAX = 50;
/** Bodies above this answer 413: a lead is a few fields, not a file. */
export const NOTIFY_BODY_LIMIT_BYTES = 16 * 1024;

const DataValueSchema = z.union(
  [
    z
      .string()
      .overwrite((value) => sanitizeText(value, { multiline: true }))
      .max(NOTIFY_MESSAGE_MAX),
    z.number(),
    z.boolean(),
  ],
  {
    error: 'Data values must be text, numbers or true/false.',
  },
);

const DataKeySchema = z
  .string()
  .min(1, 'Data field names must not be empty.')
  .max(64, 'Data field names must be 64 characters or less.')
  .refine(isCleanText, 'Data field names must not contain control characters.');

/** A `url` opened when the owner taps the notification: https only, so a push can never open a script. */
export const NotificationUrlSchema = z
  .url({ protocol: /^https$/, error: 'URL must be a valid https:// address.' })
  .max(2048, 'URL must be 2048 characters or less.');

/**
 * Fields of a posted HTML form with a meaning of their own; every other field is the visitor's
 * data. They start with `_` so a visitor's own `message`, `title` or `url` field stays data.
 */
export const FORM_FIELDS = {
  apiKey: '_apiKey',
  flowId: '_flowId',
  title: '_title',
  message: '_message',
  url: '_url',
  redirect: '_redirect',
  test: '_test',
  // Hidden from people by the form's CSS; bots that fill every field give themselves away.
  honeypot: '_gotcha',
  // The fill-time token the snippet's script puts in the form when its page loads (decision 039).
  fillToken: '_fillToken',
} as const;

/** The field Cloudflare Turnstile's widget adds to a form: its token, verified with Cloudflare. */
export const TURNSTILE_FORM_FIELD = 'cf-turnstile-response';

/** Names forms used before the `_` prefix, still read where no visitor field could mean them. */
export const FORM_FIELD_ALIASES = { apiKey: 'apiKey', flowId: 'flowId', redirect: 'redirect' } as const;

/** A page's address as a browser reports it: `''` (no referrer) is the same as none. */
function pageAddressSchema(label: string) {
  return z.preprocess(
    (value) => (value === '' ? undefined : value),
    z
      .url({ protocol: /^https?$/, error: `${label} must be a valid http:// or https:// address.` })
      .max(PAGE_URL_MAX, `${label} must be ${PAGE_URL_MAX} characters or less.`)
      .optional(),
  );
}

const AttributionValueSchema = z
  .string({ error: 'Campaign parameters must be text.' })
  .overwrite((value) => sanitizeText(value))
  .max(ATTRIBUTION_VALUE_MAX, `Campaign parameters must be ${ATTRIBUTION_VALUE_MAX} characters or less.`)
  .optional();

/** The landing page's campaign parameters (`utm_*`, `gclid`, `fbclid`), as the visitor arrived with them. */
export const AttributionSchema = z.strictObject(
  Object.fromEntries(ATTRIBUTION_KEYS.map((key) => [key, AttributionValueSchema])) as Record<
    AttributionKey,
    typeof AttributionValueSchema
  >,
  { error: `Attribution must be an object of ${ATTRIBUTION_KEYS.join(', ')}.` },
);

/**
 * Hidden fields of a form carrying where its visitor came from (the snippet fills them): the page,
 * its referrer and the landing page's campaign parameters, each `_` + its query name.
 */
export const FORM_SOURCE_FIELDS = {
  pageUrl: '_pageUrl',
  referrer: '_referrer',
  ...(Object.fromEntries(ATTRIBUTION_KEYS.map((key) => [key, `_${key}`])) as Record<
    AttributionKey,
    `_${AttributionKey}`
  >),
} as const;

/** What a website sends to `POST /v1/notify`. */
export const NotifyRequestSchema = z.object({
  flowId: UuidSchema,
  title: z
    .string({ error: 'Title must be text.' })
    .overwrite((value) => sanitizeText(value))
    .min(1, 'Title must not be empty.')
    .max(NOTIFY_TITLE_MAX, `Title must be ${NOTIFY_TITLE_MAX} characters or less.`)
    .superRefine(templateSyntax('Title'))
    .optional(),
  message: z
    .string({ error: 'Message must be text.' })
    .overwrite((value) => sanitizeText(value, { multiline: true }))
    .min(1, 'Message must not be empty.')
    .max(NOTIFY_MESSAGE_MAX, `Message must be ${NOTIFY_MESSAGE_MAX} characters or less.`)
    .superRefine(templateSyntax('Message'))
    .optional(),
  url: NotificationUrlSchema.optional(),
  data: z
    .record(DataKeySchema, DataValueSchema)
    .refine(
      (value) => Object.keys(value).length <= NOTIFY_DATA_FIELDS_MAX,
      `At most ${NOTIFY_DATA_FIELDS_MAX} data fields.`,
    )
    .optional(),
  /**
   * A test: stored, delivered to the admins (or, sent from the console, to the member who sent it
   * alone) and shown with a Test badge, never counted against the plan (at most
   * TEST_NOTIFICATIONS_PER_MONTH a month).
   */
  test: z.boolean({ error: 'Test must be true or false.' }).optional(),
  /**
   * The fill-time token a browser got when the form's page loaded (`GET /v1/fill-token`): sent
   * back, it tells a person's pace from a bot's. Server calls leave it out.
   */
  fillToken: z
    .string({ error: 'Fill token must be text.' })
    .max(100, 'Fill token must be 100 characters or less.')
    .optional(),
  /** Cloudflare Turnstile's token (`cf-turnstile-response`), for a flow that asks for the CAPTCHA. */
  turnstileToken: z
    .string({ error: 'Turnstile token must be text.' })
    .max(2048, 'Turnstile token must be 2048 characters or less.')
    .optional(),
  /** The page the lead was sent from (`location.href`); without it, the request's `Referer`. */
  pageUrl: pageAddressSchema('Page URL'),
  /** The page that brought the visitor to the site (`document.referrer` when they landed). */
  referrer: pageAddressSchema('Referrer'),
  /** The landing page's campaign parameters. */
  attribution: AttributionSchema.optional(),
});
export type NotifyRequest = z.infer<typeof NotifyRequestSchema>;

/** `GET /v1/fill-token`: the flow a form's page asks a fill-time token for. */
export const FillTokenQuerySchema = z.object({ flowId: UuidSchema });

export const FillTokenSchema = z.object({ token: z.string() });
export type FillToken = z.infer<typeof FillTokenSchema>;

/**
 * `accepted`: stored and on its way to the owner. `held`: over Starter's monthly limit, from any
 * source, stored but not delivered until the owner chooses a larger plan (decision 041): no lead
 * is refused for a limit.
 */
export const NOTIFY_STATUSES = ['accepted', 'held'] as const;

/** What a caller reads beside `held: true`. */
export const HELD_WARNING =
  "Over the plan's monthly limit: the notification is stored but not delivered until the business chooses a larger plan.";

export const NotifyResponseSchema = z.object({
  id: z.string(),
  flowId: z.string(),
  createdAt: z.string(),
  status: z.enum(NOTIFY_STATUSES),
  /** The same as `status: "held"`, for a caller that checks one flag. */
  held: z.boolean(),
  /** Only when held: why it was not delivered, in words to log or show. */
  warning: z.string().optional(),
  test: z.boolean(),
  /** Data fields that no placeholder of the templates used (matched as placeholders match: any case). */
  unusedFields: z.array(z.string()),
});
export type NotifyResponse = z.infer<typeof NotifyResponseSchema>;

export const DELIVERY_STATES = ['accepted', 'delivered', 'failed'] as const;

/**
 * Where a notification's deliveries stand: `accepted` while any is still pending, `delivered` when
 * at least one device or mailbox got it, `failed` when every attempt ended without success.
 */
export const DeliverySummarySchema = z.object({
  state: z.enum(DELIVERY_STATES),
  delivered: z.number().int(),
  failed: z.number().int(),
  pending: z.number().int(),
  /** The latest failure's reason, when there is one. */
  reason: z.string().nullable(),
});
export type DeliverySummary = z.infer<typeof DeliverySummarySchema>;

/** How a notification arrived: JSON from code, a plain HTML form, or a flow's webhook address. */
export const NOTIFICATION_SOURCES = ['api', 'form', 'hook'] as const;
export type NotificationSource = (typeof NOTIFICATION_SOURCES)[number];

export const NotificationSchema = z.object({
  id: z.string(),
  flowId: z.string(),
  title: z.string(),
  message: z.string(),
  url: z.string().nullable(),
  /** Every field the website sent, whether or not a template used it. */
  data: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])).nullable(),
  isTest: z.boolean(),
  /** Over Starter's limit: stored, not delivered (see NOTIFY_STATUSES). */
  isHeld: z.boolean(),
  source: z.enum(NOTIFICATION_SOURCES),
  /** The page it was sent from, when the browser said. */
  pageUrl: z.string().nullable(),
  /** Data fields cut to their limit (forms and webhooks only; JSON callers get a 400 instead). */
  shortenedFields: z.array(z.string()),
  createdAt: z.string(),
  delivery: DeliverySummarySchema,
});
export type Notification = z.infer<typeof NotificationSchema>;

/** A delivery status change, sent on the live stream as event `delivery`. */
export const DeliveryEventSchema = z.object({
  notificationId: z.string(),
  flowId: z.string(),
  delivery: DeliverySummarySchema,
});
export type DeliveryEvent = z.infer<typeof DeliveryEventSchema>;

export const NOTIFICATIONS_PAGE_SIZE = 50;

/**
 * A page's cursor: the position (`seq`) it continues below. Positions stay under 10^15 (decision
 * 061); a longer number is no position, and PostgreSQL's bigint would refuse it.
 */
export const PositionCursorSchema = z.string().regex(/^\d{1,15}$/, 'Invalid cursor.');

export const NotificationPageQuerySchema = z.object({
  cursor: PositionCursorSchema.optional(),
  limit: z.coerce.number().int().min(1).max(100).default(NOTIFICATIONS_PAGE_SIZE),
});
export type NotificationPageQuery = z.infer<typeof NotificationPageQuerySchema>;

/** Keeps the spec's `Notifications` and `flow` (the flow's name) names; adds `nextCursor`. */
export const NotificationPageSchema = z.object({
  Notifications: z.array(NotificationSchema),
  flow: z.string(),
  flowTitle: z.string(),
  nextCursor: z.string().nullable(),
});
export type NotificationPage = z.infer<typeof NotificationPageSchema>;

/**
 * `telegram`: a member's linked chat (decision 052). `sms`: a text to their verified number
 * (decision 053). `voice`: a phone call to it (issue 50).
 */
export const DELIVERY_CHANNELS = ['push', 'email', 'telegram', 'sms', 'voice'] as const;
export const DELIVERY_TARGET_STATUSES = ['pending', 'delivered', 'failed'] as const;
/** Why an email copy went out although the user had not asked for one. */
export const EMAIL_FALLBACK_REASONS = ['no_device', 'push_failed'] as const;

/** One notification to one device or mailbox: `GET /v1/notifications/:id/deliveries`. */
export const DeliveryDetailSchema = z.object({
  id: z.string(),
  channel: z.enum(DELIVERY_CHANNELS),
  status: z.enum(DELIVERY_TARGET_STATUSES),
  recipient: z.object({ userId: z.string().nullable(), name: z.string().nullable(), email: z.string().nullable() }),
  /** The device of a push delivery; null for email, or once the device was removed. */
  device: z.object({ id: z.string(), label: z.string().nullable(), pushService: z.string() }).nullable(),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  deliveredAt: z.string().nullable(),
  /** When the device itself confirmed it received the push. */
  receivedAt: z.string().nullable(),
  fallbackReason: z.enum(EMAIL_FALLBACK_REASONS).nullable(),
  createdAt: z.string(),
});
export type DeliveryDetail = z.infer<typeof DeliveryDetailSchema>;

export const DeliveryDetailListSchema = z.object({ data: z.array(DeliveryDetailSchema) });
export type DeliveryDetailList = z.infer<typeof DeliveryDetailListSchema>;
