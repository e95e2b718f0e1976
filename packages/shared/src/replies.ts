import { z } from 'zod';
import { templateSyntax, textField } from './fields.ts';
import { renderTemplate, type TemplateData } from './template.ts';
import { LEAD_ATTEMPT_CHANNELS, LeadStateSchema, LeadTimelineEntrySchema } from './leads.ts';

export const REPLY_SUBJECT_MAX = 200;
export const REPLY_BODY_MAX = 10_000;
export const CANNED_REPLY_TITLE_MAX = 80;
export const CANNED_REPLY_BODY_MAX = 5_000;

function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/**
 * The subject a reply to a lead starts with (issue 49), addressed to the customer, never the
 * owner's own notification title: the flow's reply subject with the lead's `{{placeholders}}`
 * filled, else `Your inquiry to <business>` (`Your inquiry` where the business is not at hand).
 * One line, at most REPLY_SUBJECT_MAX characters.
 */
export function replySubjectOf({
  template,
  businessName,
  data,
}: {
  template: string | null;
  businessName: string | null;
  data: Record<string, unknown> | null;
}): string {
  const own = template ? oneLine(renderTemplate(template, (data ?? {}) as TemplateData)) : '';
  const subject = own || (businessName ? `Your inquiry to ${oneLine(businessName)}` : 'Your inquiry');
  return subject.slice(0, REPLY_SUBJECT_MAX);
}

/**
 * `POST /v1/leads/:id/replies`: an email to the lead's visitor. There is no recipient field: the
 * address is always the lead's own (no open relay). The subject is one line (line breaks and other
 * control characters are removed, so it cannot add a mail header).
 */
export const LeadReplyInputSchema = z.object({
  subject: textField({ max: [REPLY_SUBJECT_MAX, `Subject must be ${REPLY_SUBJECT_MAX} characters or less.`] })
    .optional()
    .transform((value) => value || undefined),
  body: textField({
    required: 'Please write your reply.',
    max: [REPLY_BODY_MAX, `Reply must be ${REPLY_BODY_MAX.toLocaleString('en')} characters or less.`],
    multiline: true,
  }),
});
export type LeadReplyInput = z.input<typeof LeadReplyInputSchema>;

/** The reply as the timeline shows it, and the lead's state after it (a reply to an open lead claims it). */
export const LeadReplySchema = z.object({ reply: LeadTimelineEntrySchema, lead: LeadStateSchema });
export type LeadReply = z.infer<typeof LeadReplySchema>;

/**
 * `POST /v1/leads/:id/attempts`: a member tapped Call, Text or WhatsApp on the lead card. `to` is one
 * of the lead's own numbers (as the card's link dials it); left out, the first.
 */
export const LeadAttemptInputSchema = z.object({
  channel: z.enum(LEAD_ATTEMPT_CHANNELS, { error: 'Channel must be call, sms or whatsapp.' }),
  to: z.string().trim().max(40, 'Not one of this lead’s numbers.').optional(),
});
export type LeadAttemptInput = z.infer<typeof LeadAttemptInputSchema>;

export const LeadAttemptSchema = z.object({ attempt: LeadTimelineEntrySchema });
export type LeadAttempt = z.infer<typeof LeadAttemptSchema>;

/** An answer the team keeps ready, with the flow's `{{placeholders}}` filled from the lead when picked. */
export const CannedReplyInputSchema = z.object({
  title: textField({
    required: 'Please enter a title.',
    max: [CANNED_REPLY_TITLE_MAX, `Title must be ${CANNED_REPLY_TITLE_MAX} characters or less.`],
  }),
  body: textField({
    required: 'Please write the reply.',
    max: [CANNED_REPLY_BODY_MAX, `Reply must be ${CANNED_REPLY_BODY_MAX.toLocaleString('en')} characters or less.`],
    multiline: true,
  }).superRefine(templateSyntax('Reply')),
});
export type CannedReplyInput = z.infer<typeof CannedReplyInputSchema>;

/** `PATCH /v1/canned-replies/:id`: the fields to change. */
export const CannedReplyPatchSchema = CannedReplyInputSchema.partial().refine(
  (value) => value.title !== undefined || value.body !== undefined,
  'Change the title or the reply.',
);
export type CannedReplyPatch = z.infer<typeof CannedReplyPatchSchema>;

export const CannedReplySchema = z.object({
  id: z.string(),
  title: z.string(),
  body: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type CannedReply = z.infer<typeof CannedReplySchema>;

export const CannedReplyListSchema = z.object({ data: z.array(CannedReplySchema) });
export type CannedReplyList = z.infer<typeof CannedReplyListSchema>;
