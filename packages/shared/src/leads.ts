import { z } from 'zod';
import { NotificationSchema } from './notifications.ts';

/** Where a lead stands (decision 024): nobody on it yet, someone on it, answered. */
export const LEAD_STATUSES = ['open', 'claimed', 'done'] as const;
export type LeadStatus = (typeof LEAD_STATUSES)[number];

/** What people did with a lead, kept for its timeline. */
export const LEAD_EVENT_KINDS = ['claimed', 'released', 'done', 'seen', 'escalated'] as const;
export type LeadEventKind = (typeof LEAD_EVENT_KINDS)[number];

export const LEAD_FILTERS = ['open', 'mine', 'done', 'all'] as const;
export type LeadFilter = (typeof LEAD_FILTERS)[number];

export const LEADS_PAGE_SIZE = 50;
export const LEAD_SEARCH_MAX = 100;

/** `GET /v1/leads` (and its CSV export): which leads, newest first. */
export const LeadListQuerySchema = z.object({
  filter: z.enum(LEAD_FILTERS, { error: 'Filter must be open, mine, done or all.' }).default('all'),
  flowId: z.uuid({ error: 'Must be a valid id.' }).optional(),
  q: z
    .string()
    .trim()
    .max(LEAD_SEARCH_MAX, `Search must be ${LEAD_SEARCH_MAX} characters or less.`)
    .optional()
    .transform((value) => value || undefined),
  cursor: z.string().regex(/^\d+$/, 'Invalid cursor.').optional(),
  limit: z.coerce.number().int().min(1).max(100).default(LEADS_PAGE_SIZE),
});
export type LeadListQuery = z.infer<typeof LeadListQuerySchema>;

export const LeadPersonSchema = z.object({ userId: z.string(), name: z.string() });
export type LeadPerson = z.infer<typeof LeadPersonSchema>;

/** Who holds a lead and since when: what every console shows and the live `lead` event carries. */
export const LeadStateSchema = z.object({
  id: z.string(),
  status: z.enum(LEAD_STATUSES),
  claimedBy: LeadPersonSchema.nullable(),
  claimedAt: z.string().nullable(),
  doneBy: LeadPersonSchema.nullable(),
  doneAt: z.string().nullable(),
});
export type LeadState = z.infer<typeof LeadStateSchema>;

export const LeadSchema = NotificationSchema.extend({
  flowName: z.string(),
  /** The viewer opened it (or tapped its notification). */
  isSeen: z.boolean(),
}).extend(LeadStateSchema.omit({ id: true }).shape);
export type Lead = z.infer<typeof LeadSchema>;

export const LeadPageSchema = z.object({ data: z.array(LeadSchema), nextCursor: z.string().nullable() });
export type LeadPage = z.infer<typeof LeadPageSchema>;

export const LEAD_TIMELINE_KINDS = [
  'received',
  'delivered',
  'confirmed',
  'emailed',
  'failed',
  'seen',
  'claimed',
  'released',
  'done',
  'escalated',
] as const;

/** One line of a lead's timeline: what happened, to or by whom, on which device or mailbox. */
export const LeadTimelineEntrySchema = z.object({
  kind: z.enum(LEAD_TIMELINE_KINDS),
  at: z.string(),
  person: LeadPersonSchema.nullable(),
  /** The device or mailbox, or why a delivery failed. */
  detail: z.string().nullable(),
});
export type LeadTimelineEntry = z.infer<typeof LeadTimelineEntrySchema>;

/** `GET /v1/leads/:id/events`: a lead's timeline, oldest first, and who has seen it. */
export const LeadTimelineSchema = z.object({
  timeline: z.array(LeadTimelineEntrySchema),
  seenBy: z.array(LeadPersonSchema.extend({ at: z.string() })),
});
export type LeadTimeline = z.infer<typeof LeadTimelineSchema>;

/** `GET /v1/leads/:id`: the lead with its timeline and who has seen it. */
export const LeadDetailSchema = LeadSchema.extend(LeadTimelineSchema.shape).extend({
  /** The entity's country for phone numbers written without a code (decision 024). */
  defaultCountry: z.string().nullable(),
});
export type LeadDetail = z.infer<typeof LeadDetailSchema>;
