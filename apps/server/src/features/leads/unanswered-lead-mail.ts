import { replySubjectOf } from '@leadbell/shared/replies';
import { contactActionsOf, leadEmailOf } from '@leadbell/shared/contact';
import { escapeHtml } from '../../lib/escape-html.ts';
import { brandedMailHtml } from '../../mail/branded-mail.ts';
import type { Mail } from '../../mail/mailer.ts';

/**
 * Stage 2 of an escalation (decision 025): every member gets the lead nobody claimed, with its
 * one-tap actions as links (call, text, WhatsApp, reply) and the lead's card to claim it; "Reply"
 * in any mail app answers the visitor, as the lead copy's does (issue 26).
 */
export function unansweredLeadMail({
  to,
  title,
  message,
  data,
  defaultCountry,
  minutesWaiting,
  leadUrl,
}: {
  to: string;
  title: string;
  message: string;
  data: Record<string, unknown> | null;
  defaultCountry: string | null;
  minutesWaiting: number;
  leadUrl: string;
}): Mail {
  const waited = `Nobody has claimed this lead in ${minutesWaiting} minutes.`;
  const actions = contactActionsOf(
    { data, replySubject: replySubjectOf({ template: null, businessName: null, data }) },
    defaultCountry,
  ).filter((action) => action.kind !== 'link');
  const text = [
    'Leadbell',
    `Unanswered lead: ${title}`,
    message,
    waited,
    ...actions.map((action) => `${action.label}: ${action.href}`),
    `Open the lead and say you are on it: ${leadUrl}`,
  ].join('\n\n');
  const buttons = actions
    .map(
      (action) =>
        `<a href="${escapeHtml(action.href)}" style="display:inline-block;margin:0 8px 8px 0;border:1px solid #c7d2fe;color:#3730a3;text-decoration:none;font-weight:600;padding:8px 14px;border-radius:8px">${escapeHtml(action.label)}</a>`,
    )
    .join('');
  const html =
    brandedMailHtml(`<tr><td style="padding-top:16px;font-size:13px;font-weight:700;letter-spacing:.04em;text-transform:uppercase;color:#b45309">Unanswered lead</td></tr>
<tr><td style="padding-top:6px;font-size:18px;font-weight:700;line-height:26px">${escapeHtml(title)}</td></tr>
<tr><td style="padding-top:8px;font-size:16px;line-height:24px;white-space:pre-wrap">${escapeHtml(message)}</td></tr>
<tr><td style="padding-top:12px;font-size:14px;color:#475569">${escapeHtml(waited)}</td></tr>
${buttons ? `<tr><td style="padding-top:16px">${buttons}</td></tr>\n` : ''}<tr><td style="padding:16px 0 8px"><a href="${escapeHtml(leadUrl)}" style="display:inline-block;background:#4338ca;color:#ffffff;text-decoration:none;font-weight:600;padding:10px 18px;border-radius:8px">Open the lead</a></td></tr>`);
  const replyTo = leadEmailOf(data);
  return {
    to,
    subject: `Unanswered lead: ${title}`.replace(/\s+/g, ' ').trim(),
    text: `${text}\n`,
    html,
    ...(replyTo && { replyTo }),
  };
}
