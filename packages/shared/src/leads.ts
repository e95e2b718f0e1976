import { z } from 'zod';
import { TRAFFIC_SOURCES } from './lead-sources.ts';
import { NotificationSchema, PositionCursorSchema } from './notifications.ts';

/**
 * Where a lead stands (decision 024): nobody on it yet, someone on it, answered; or judged spam
 * and quarantined (decision 039): it rang nobody and counts nowhere.
 */
export const LEAD_STATUSES = ['open', 'claimed', 'done', 'spam'] as const;
export type LeadStatus = (typeof LEAD_STATUSES)[number];

/**
 * What people (and the acknowledgement to the visitor) did with a lead, kept for its timeline
 * (issue 26 added notes, replies, call and message attempts, outcomes and acknowledgements; what
 * each carries beyond who and when is in `lead_events.detail`).
 */
export const LEAD_EVENT_KINDS = [
  'claimed',
  'released',
  'done',
  'seen',
  'escalated',
  'deleted',
  'restored',
  'note',
  'replied',
  'called',
  'messaged',
  'outcome',
  'acknowledged',
  'not_acknowledged',
  // A flow ringing in turn asked this member (issue 50); with no member, it rang everyone left.
  'asked',
  // The member pressed 2 on a lead call: passed on to the next member (issue 50).
  'passed',
] as const;
export type LeadEventKind = (typeof LEAD_EVENT_KINDS)[number];

/** What became of a lead (issue 26): set by the team, editable, never a response by itself. */
export const LEAD_OUTCOMES = ['won', 'lost', 'no_answer'] as const;
export type LeadOutcome = (typeof LEAD_OUTCOMES)[number];

/** Why a lead was lost: a short list to count by, with free text beside it. */
export const LOST_REASONS = ['price', 'competitor', 'not_a_fit', 'timing', 'no_reply', 'other'] as const;
export type LostReason = (typeof LOST_REASONS)[number];

/** The inbox's outcome filter: one outcome, or `none` (no outcome yet). */
export const LEAD_OUTCOME_FILTERS = [...LEAD_OUTCOMES, 'none'] as const;
export type LeadOutcomeFilter = (typeof LEAD_OUTCOME_FILTERS)[number];

/**
 * `open` and `mine` hold customers' leads: a test lead is listed under `tests` while nobody has
 * closed it (issue 49), and under `done` and `all` like any other. `all` is every lead but the
 * quarantined ones, which `spam` lists.
 */
export const LEAD_FILTERS = ['open', 'mine', 'tests', 'done', 'all', 'spam'] as const;
export type LeadFilter = (typeof LEAD_FILTERS)[number];

export const LEADS_PAGE_SIZE = 50;
export const LEAD_SEARCH_MAX = 100;

/** `GET /v1/leads` (and its CSV export): which leads, newest first. */
export const LeadListQuerySchema = z.object({
  filter: z.enum(LEAD_FILTERS, { error: 'Filter must be open, mine, tests, done, all or spam.' }).default('all'),
  /** Leads in exactly this state, for API callers (`status=spam`: the quarantine); with it, `all` includes spam. */
  status: z.enum(LEAD_STATUSES, { error: 'Status must be open, claimed, done or spam.' }).optional(),
  flowId: z.uuid({ error: 'Must be a valid id.' }).optional(),
  /** Where leads came from (their `trafficSource`). */
  source: z.enum(TRAFFIC_SOURCES, { error: `Source must be one of ${TRAFFIC_SOURCES.join(', ')}.` }).optional(),
  outcome: z.enum(LEAD_OUTCOME_FILTERS, { error: 'Outcome must be won, lost, no_answer or none.' }).optional(),
  q: z
    .string()
    .trim()
    .max(LEAD_SEARCH_MAX, `Search must be ${LEAD_SEARCH_MAX} characters or less.`)
    .optional()
    .transform((value) => value || undefined),
  cursor: PositionCursorSchema.optional(),
  limit: z.coerce.number().int().min(1).max(100).default(LEADS_PAGE_SIZE),
});
export type LeadListQuery = z.infer<typeof LeadListQuerySchema>;

export const LeadPersonSchema = z.object({ userId: z.string(), name: z.string() });
export type LeadPerson = z.infer<typeof LeadPersonSchema>;

/** A lead's outcome as every list and card reads it: what, the value won, why lost, who set it and when. */
export const LeadOutcomeSummarySchema = z.object({
  outcome: z.enum(LEAD_OUTCOMES),
  /** What it was worth, in the entity's currency (won only). */
  value: z.number().nullable(),
  reason: z.enum(LOST_REASONS).nullable(),
  note: z.string().nullable(),
  setAt: z.string(),
  setBy: LeadPersonSchema.nullable(),
});
export type LeadOutcomeSummary = z.infer<typeof LeadOutcomeSummarySchema>;

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

/**
 * How long a deleted lead can be restored (issue 25); after that the scheduler deletes it for good.
 */
export const LEAD_RESTORABLE_DAYS = 30;

/** `POST /v1/leads/:id/delete`: who deleted the lead, when, and until when it can be restored. */
export const LeadDeletionSchema = z.object({
  id: z.string(),
  deletedAt: z.string(),
  deletedBy: LeadPersonSchema,
  restorableUntil: z.string(),
});
export type LeadDeletion = z.infer<typeof LeadDeletionSchema>;

/** The reasons spam shows in its words alone (capped together, so never spam by themselves). */
export const SPAM_CONTENT_REASON_CODES = [
  'links',
  'link_shortener',
  'html',
  'url_runs',
  'new_language',
  'spam_phrases',
  'all_caps',
] as const;

/** Why a lead was judged spam: each signal that added to its score (decision 039). */
export const SPAM_REASON_CODES = [
  'honeypot',
  'marked_by_team',
  'marked_before',
  'network_fingerprint',
  'network_marked',
  'too_fast',
  'forged_token',
  'replayed_token',
  'expired_token',
  'missing_token',
  'captcha_failed',
  'captcha_unverified',
  'flood',
  'content_model',
  'disposable_email',
  'invalid_email',
  'role_email',
  ...SPAM_CONTENT_REASON_CODES,
] as const;
export type SpamReasonCode = (typeof SPAM_REASON_CODES)[number];

/** Each reason as the owner reads it on the lead. */
export const SPAM_REASON_LABELS: Record<SpamReasonCode, string> = {
  honeypot: 'It filled in the form’s hidden field, which people never see',
  marked_by_team: 'Your team marked it as spam',
  marked_before: 'You marked this sender or message as spam before',
  network_fingerprint: 'The same message reached other businesses at the same time',
  network_marked: 'Several other businesses marked this message or sender as spam',
  too_fast: 'The form was sent faster than a person can type',
  forged_token: 'The form’s security token was forged',
  replayed_token: 'The form’s security token had already been used',
  expired_token: 'The form’s security token had expired',
  missing_token: 'The form was posted without loading its page',
  captcha_failed: 'It failed the form’s CAPTCHA (Turnstile)',
  captcha_unverified: 'Its CAPTCHA could not be checked: Turnstile did not answer',
  flood: 'It came in a flood of submissions from this form',
  content_model: 'Its words read like spam to our model, trained on spam and real inquiries',
  disposable_email: 'A throwaway email address',
  invalid_email: 'An email address that cannot exist',
  role_email: 'A generic mailbox (info@, sales@…)',
  links: 'Links in the message',
  link_shortener: 'Shortened links that hide where they go',
  html: 'HTML code in the message',
  url_runs: 'A message made mostly of links',
  new_language: 'A language this form has never received',
  spam_phrases: 'Wording typical of sales pitches and scams',
  all_caps: 'Written in capitals',
};

/** The inbox's tab counts, each the number of leads its tab lists: open, the viewer's, tests and Spam. */
export const LeadCountsSchema = z.object({
  open: z.number().int(),
  mine: z.number().int(),
  tests: z.number().int(),
  spam: z.number().int(),
});
export type LeadCounts = z.infer<typeof LeadCountsSchema>;

export const LeadSchema = NotificationSchema.extend({
  flowName: z.string(),
  /** The viewer opened it (or tapped its notification). */
  isSeen: z.boolean(),
  /** Why it is quarantined; null unless its status is `spam`. */
  spamReasons: z.array(z.enum(SPAM_REASON_CODES)).nullable(),
  /**
   * It arrived while the business was closed: when the business opens and its response timer
   * starts (null when it arrived open, or the schedule never opens).
   */
  ringsAt: z.string().nullable(),
  /** When the flow's response target passes: the team is rung again then (null: a test, held, spam). */
  respondBy: z.string().nullable(),
  /**
   * Where it came from (decision 048), derived from its page URL, referrer and campaign parameters
   * when it arrived; null for leads from before. (`source` says how it arrived: api, form, hook.)
   */
  trafficSource: z.enum(TRAFFIC_SOURCES).nullable(),
  /** The page that brought the visitor to the site. */
  referrer: z.string().nullable(),
  /** The landing page's `utm_campaign`. */
  campaign: z.string().nullable(),
  /** What became of it (issue 26), null until someone says. */
  outcome: LeadOutcomeSummarySchema.nullable(),
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
  // A phone call to a member for the lead (issue 50); `detail`: how it went ("completed, 42 s, pressed 1").
  'phoned',
  ...LEAD_EVENT_KINDS,
] as const;

/** How a member tried to reach a lead from the card (issue 26): `called` or `messaged` in the timeline. */
export const LEAD_ATTEMPT_CHANNELS = ['call', 'sms', 'whatsapp'] as const;
export type LeadAttemptChannel = (typeof LEAD_ATTEMPT_CHANNELS)[number];

/**
 * Where a lead was posted besides the team's own devices (issue 27, decision 049): the entity's
 * Slack channel or one of its outgoing webhook endpoints, on a `delivered` or `failed` entry.
 */
export const LEAD_POST_CHANNELS = ['slack', 'webhook'] as const;
export type LeadPostChannel = (typeof LEAD_POST_CHANNELS)[number];

/** Every `channel` a timeline entry may carry: how an attempt went out, or where a lead was posted. */
export const LEAD_TIMELINE_CHANNELS = [...LEAD_ATTEMPT_CHANNELS, ...LEAD_POST_CHANNELS] as const;
export type LeadTimelineChannel = (typeof LEAD_TIMELINE_CHANNELS)[number];

/** One line of a lead's timeline: what happened, to or by whom, on which device or mailbox. */
export const LeadTimelineEntrySchema = z.object({
  kind: z.enum(LEAD_TIMELINE_KINDS),
  at: z.string(),
  person: LeadPersonSchema.nullable(),
  /**
   * The device or mailbox, or why a delivery failed; the number called or messaged, the outcome,
   * where an acknowledgement went or why none did.
   */
  detail: z.string().nullable(),
  /** A note's or reply's text (issue 26); absent for the other kinds. */
  text: z.string().optional(),
  /**
   * How a `called` or `messaged` attempt went out; on a `delivered` or `failed` entry, `slack` or
   * `webhook` when the lead was posted to Slack or an endpoint (`detail`: the endpoint's
   * description or host, or why it failed) rather than to a member; absent otherwise.
   */
  channel: z.enum(LEAD_TIMELINE_CHANNELS).optional(),
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
  /** The entity's currency (ISO 4217) for an outcome's value; USD until the owner sets one. */
  currency: z.string(),
  /** What a reply to the lead is titled unless the member types another (replySubjectOf). */
  replySubject: z.string(),
});
export type LeadDetail = z.infer<typeof LeadDetailSchema>;
