import { z } from 'zod';
import { templateSyntax, textField } from './fields.ts';

/** How long a lead may wait for a claim before the team is rung again (decision 025). */
export const DEFAULT_RESPONSE_TARGET_MINUTES = 5;
export const RESPONSE_TARGET_MINUTES_MIN = 1;
export const RESPONSE_TARGET_MINUTES_MAX = 120;
const TARGET_MESSAGE = `Response target must be ${RESPONSE_TARGET_MINUTES_MIN} to ${RESPONSE_TARGET_MINUTES_MAX} minutes.`;

/**
 * Whom a lead rings first (issue 50): `everyone` at once, or `in_turn`: one member on all their
 * channels, the next after each step while nobody has claimed it, and finally everyone.
 */
export const RING_POLICIES = ['everyone', 'in_turn'] as const;
export type RingPolicy = (typeof RING_POLICIES)[number];
export const RING_POLICY_LABELS: Record<RingPolicy, string> = {
  everyone: 'Everyone at once',
  in_turn: 'One member at a time, in turn',
};
export const DEFAULT_RING_STEP_MINUTES = 2;
export const RING_STEP_MINUTES_MIN = 1;
export const RING_STEP_MINUTES_MAX = 60;
const STEP_MESSAGE = `The next member is asked after ${RING_STEP_MINUTES_MIN} to ${RING_STEP_MINUTES_MAX} minutes.`;

export const FlowInputSchema = z.object({
  // Empty fields say what to enter; too short ones keep the specification's words (decision 043).
  name: textField({
    required: 'Please enter a name for the flow.',
    min: [3, 'Please enter valid Name'],
    max: [100, 'Name must be 100 characters or less.'],
  }),
  title: textField({
    required: 'Please enter the title your phone shows.',
    min: [3, 'Please enter valid Title'],
    max: [200, 'Title must be 200 characters or less.'],
  }).superRefine(templateSyntax('Title')),
  message: textField({
    required: 'Please enter the message your phone shows.',
    min: [10, 'Please enter valid Message'],
    max: [2000, 'Message must be 2000 characters or less.'],
    multiline: true,
  }).superRefine(templateSyntax('Message')),
  /** Left out: a new flow gets the default, an edit keeps what the flow has. */
  responseTargetMinutes: z
    .number({ error: TARGET_MESSAGE })
    .int(TARGET_MESSAGE)
    .min(RESPONSE_TARGET_MINUTES_MIN, TARGET_MESSAGE)
    .max(RESPONSE_TARGET_MINUTES_MAX, TARGET_MESSAGE)
    .optional(),
  /** Rings outside business hours too. */
  isUrgent: z.boolean({ error: 'Choose whether this flow rings outside business hours.' }).optional(),
  /** Left out: a new flow rings everyone, an edit keeps what the flow has. */
  ringPolicy: z.enum(RING_POLICIES, { error: 'Choose everyone or in_turn.' }).optional(),
  /** Minutes between one member asked and the next (in_turn). */
  ringStepMinutes: z
    .number({ error: STEP_MESSAGE })
    .int(STEP_MESSAGE)
    .min(RING_STEP_MINUTES_MIN, STEP_MESSAGE)
    .max(RING_STEP_MINUTES_MAX, STEP_MESSAGE)
    .optional(),
});
export type FlowInput = z.infer<typeof FlowInputSchema>;

export const FlowSchema = z.object({
  flowId: z.string(),
  name: z.string(),
  title: z.string(),
  message: z.string(),
  notificationCount: z.number(),
  lastNotificationAt: z.string().nullable(),
  /** A form on this flow asked to return visitors to a page that is not one of the owner's sites. */
  redirectProblem: z.object({ url: z.string(), at: z.string() }).nullable(),
  responseTargetMinutes: z.number().int(),
  isUrgent: z.boolean(),
  ringPolicy: z.enum(RING_POLICIES),
  ringStepMinutes: z.number().int(),
  /** Cloudflare Turnstile's site key when the flow's forms ask for the CAPTCHA; its secret is never shown. */
  turnstileSiteKey: z.string().nullable(),
  /** The instant acknowledgement emailed to the visitor (issue 26), off by default, and its templates. */
  acknowledgementEnabled: z.boolean(),
  acknowledgementSubject: z.string().nullable(),
  acknowledgementBody: z.string().nullable(),
  /** Sent instead of the body when the lead arrives while the business is closed; null: the body. */
  acknowledgementAfterHoursBody: z.string().nullable(),
  /** What a reply from the lead card is titled, with the lead's placeholders; null: "Your inquiry to <business>". */
  replySubject: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Flow = z.infer<typeof FlowSchema>;

/**
 * `PUT /v1/flows/:id/turnstile`: Cloudflare Turnstile on the flow's forms (decision 039), with
 * the widget's site key and secret key from Cloudflare's dashboard.
 */
export const TurnstileInputSchema = z.object({
  siteKey: textField({
    min: [10, 'Please enter the site key from Cloudflare’s Turnstile page.'],
    max: [200, 'Site key must be 200 characters or less.'],
  }).refine((value) => /^[\w-]+$/.test(value), 'A site key has only letters, digits, - and _.'),
  secret: textField({
    min: [10, 'Please enter the secret key from Cloudflare’s Turnstile page.'],
    max: [200, 'Secret key must be 200 characters or less.'],
  }).refine((value) => /^[\w-]+$/.test(value), 'A secret key has only letters, digits, - and _.'),
});
export type TurnstileInput = z.infer<typeof TurnstileInputSchema>;

/**
 * `PUT /v1/flows/:id/acknowledgement`: the email a visitor gets at once when their lead arrives
 * (decision 047), and the subject the team's replies start with. Subjects and bodies take the
 * flow's `{{placeholders}}`, filled from the lead's fields; the visitor's values are never read as
 * placeholders.
 */
export const AcknowledgementInputSchema = z.object({
  acknowledgementEnabled: z.boolean({ error: 'Choose whether visitors get an acknowledgement.' }),
  acknowledgementSubject: textField({
    required: 'Please enter the subject of the acknowledgement.',
    min: [3, 'Subject must be at least 3 characters.'],
    max: [200, 'Subject must be 200 characters or less.'],
  }).superRefine(templateSyntax('Subject')),
  acknowledgementBody: textField({
    required: 'Please enter the text of the acknowledgement.',
    min: [10, 'Text must be at least 10 characters.'],
    max: [5000, 'Text must be 5000 characters or less.'],
    multiline: true,
  }).superRefine(templateSyntax('Text')),
  /** Empty or left out: the same text at any hour. */
  acknowledgementAfterHoursBody: textField({
    max: [5000, 'After-hours text must be 5000 characters or less.'],
    multiline: true,
  })
    .superRefine(templateSyntax('After-hours text'))
    .nullable()
    .optional(),
  /**
   * The subject a reply from the lead card starts with (issue 49), with the flow's placeholders.
   * Empty or null: "Your inquiry to <business>"; left out: unchanged.
   */
  replySubject: textField({ max: [200, 'Reply subject must be 200 characters or less.'] })
    .superRefine(templateSyntax('Reply subject'))
    .nullable()
    .optional(),
});
export type AcknowledgementInput = z.infer<typeof AcknowledgementInputSchema>;

/**
 * Why a lead's visitor got no acknowledgement (the `not_acknowledged` timeline entry's detail): no
 * email address in the lead, one that is not an address, the lead is spam, the team marked the
 * sender as spam, or this address already got one from this flow today.
 */
export const ACKNOWLEDGEMENT_SKIP_REASONS = [
  'no_address',
  'invalid_address',
  'spam',
  'blocked',
  'already_today',
] as const;
export type AcknowledgementSkipReason = (typeof ACKNOWLEDGEMENT_SKIP_REASONS)[number];

/** What a new acknowledgement says until the owner writes their own. */
export const DEFAULT_ACKNOWLEDGEMENT = {
  subject: 'Thanks, {{name}}: we got your message',
  body: 'Hello {{name}},\n\nThank you for getting in touch. We have your message and will get back to you shortly.\n\nIf anything is urgent, simply reply to this email.',
  afterHoursBody:
    'Hello {{name}},\n\nThank you for getting in touch. We are closed right now; we will get back to you as soon as we open.',
} as const;

export const FlowListSchema = z.object({ data: z.array(FlowSchema) });
export type FlowList = z.infer<typeof FlowListSchema>;

/**
 * A flow's inbound webhook address (`/v1/hooks/:token`), for services that cannot send an API key
 * header (Webflow, Typeform, Zapier, Make). The token is the secret: anyone with the address can
 * notify this flow, so it can be replaced or turned off.
 */
export const FlowHookSchema = z.object({
  url: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
export type FlowHook = z.infer<typeof FlowHookSchema>;

export const FlowHookStateSchema = z.object({ hook: FlowHookSchema.nullable() });
export type FlowHookState = z.infer<typeof FlowHookStateSchema>;

/** How many of a flow's latest notifications `GET /v1/flows/:id/fields` looks at. */
export const FLOW_FIELDS_SAMPLE = 50;

/** The data field names the flow's latest notifications carried, for the editor's placeholder hints. */
export const FlowFieldsSchema = z.object({
  /** How many notifications were looked at (up to FLOW_FIELDS_SAMPLE). */
  sampleSize: z.number().int(),
  fields: z.array(z.object({ name: z.string(), lastSeenAt: z.string() })),
});
export type FlowFields = z.infer<typeof FlowFieldsSchema>;
