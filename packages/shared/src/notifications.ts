import { z } from 'zod';
import { UuidSchema } from './fields.ts';

const TemplateValueSchema = z.union([z.string().max(1000), z.number(), z.boolean(), z.null()]);

/** What a website sends to `POST /v1/notify`. */
export const NotifyRequestSchema = z.object({
  flowId: UuidSchema,
  title: z
    .string({ error: 'Title must be text.' })
    .trim()
    .min(1, 'Title must not be empty.')
    .max(200, 'Title must be 200 characters or less.')
    .optional(),
  message: z
    .string({ error: 'Message must be text.' })
    .trim()
    .min(1, 'Message must not be empty.')
    .max(2000, 'Message must be 2000 characters or less.')
    .optional(),
  data: z
    .record(z.string().max(64), TemplateValueSchema)
    .refine((value) => Object.keys(value).length <= 50, 'At most 50 data fields.')
    .optional(),
});
export type NotifyRequest = z.infer<typeof NotifyRequestSchema>;

export const NotifyResponseSchema = z.object({
  id: z.string(),
  flowId: z.string(),
  createdAt: z.string(),
});
export type NotifyResponse = z.infer<typeof NotifyResponseSchema>;

export const NotificationSchema = z.object({
  id: z.string(),
  flowId: z.string(),
  title: z.string(),
  message: z.string(),
  createdAt: z.string(),
});
export type Notification = z.infer<typeof NotificationSchema>;

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
