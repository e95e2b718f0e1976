import { z } from 'zod';
import { UuidSchema } from './fields.ts';
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

/** What a website sends to `POST /v1/notify`. */
export const NotifyRequestSchema = z.object({
  flowId: UuidSchema,
  title: z
    .string({ error: 'Title must be text.' })
    .overwrite((value) => sanitizeText(value))
    .min(1, 'Title must not be empty.')
    .max(NOTIFY_TITLE_MAX, `Title must be ${NOTIFY_TITLE_MAX} characters or less.`)
    .optional(),
  message: z
    .string({ error: 'Message must be text.' })
    .overwrite((value) => sanitizeText(value, { multiline: true }))
    .min(1, 'Message must not be empty.')
    .max(NOTIFY_MESSAGE_MAX, `Message must be ${NOTIFY_MESSAGE_MAX} characters or less.`)
    .optional(),
  url: NotificationUrlSchema.optional(),
  data: z
    .record(DataKeySchema, DataValueSchema)
    .refine(
      (value) => Object.keys(value).length <= NOTIFY_DATA_FIELDS_MAX,
      `At most ${NOTIFY_DATA_FIELDS_MAX} data fields.`,
    )
    .optional(),
});
export type NotifyRequest = z.infer<typeof NotifyRequestSchema>;

export const NotifyResponseSchema = z.object({
  id: z.string(),
  flowId: z.string(),
  createdAt: z.string(),
  status: z.literal('accepted'),
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

export const NotificationSchema = z.object({
  id: z.string(),
  flowId: z.string(),
  title: z.string(),
  message: z.string(),
  url: z.string().nullable(),
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

export const NotificationPageQuerySchema = z.object({
  cursor: z.string().regex(/^\d+$/, 'Invalid cursor.').optional(),
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
