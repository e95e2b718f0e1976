import { replySubjectOf } from '@leadbell/shared/replies';
import { contactActionsOf, leadEmailOf, type ContactAction } from '@leadbell/shared/contact';
import type { Mail } from '../../mail/mailer.ts';
import { escapeHtml } from '../../lib/escape-html.ts';
import { brandedMailHtml } from '../../mail/branded-mail.ts';

/** Why this user gets an email copy (decision 021). */
export type EmailCopyReason = 'chosen' | 'default' | 'no_device' | 'push_failed';

const WHY: Record<EmailCopyReason, { because: string; action: string }> = {
  chosen: {
    because: 'You get this email because email copies are on for your Leadbell account.',
    action: 'Turn them off',
  },
  default: {
    because:
      'You get this email because email copies stay on until one of your devices confirms it receives Leadbell notifications.',
    action: 'Turn on notifications on your phone',
  },
  no_device: {
    because: 'You get this email because you have no device with Leadbell notifications on.',
    action: 'Turn on notifications on your phone',
  },
  push_failed: {
    because: 'You get this email because none of your devices could be reached.',
    action: 'Check your devices',
  },
};

// The lead's own links stay out: a mail is no place to offer a stranger's URL as a button.
type MailContactAction = ContactAction & { kind: 'call' | 'text' | 'whatsapp' | 'email' };

const SHORT_LABELS: Record<MailContactAction['kind'], string> = {
  call: 'Call',
  text: 'Text',
  whatsapp: 'WhatsApp',
  email: 'Reply by email',
};

// Visitors type anything: a long URL or an unbroken word must wrap rather than widen the mail on
// a phone (`anywhere` where supported, `break-word` for older WebKit mail apps).
const WRAP = 'overflow-wrap:anywhere;word-break:break-word';

/** One phone number or address with its actions, as the lead card groups them. */
function contactGroupsOf(actions: MailContactAction[]): { value: string; actions: MailContactAction[] }[] {
  const groups = new Map<string, MailContactAction[]>();
  for (const action of actions) groups.set(action.value, [...(groups.get(action.value) ?? []), action]);
  return [...groups].map(([value, grouped]) => ({ value, actions: grouped }));
}

function contactHtml(actions: MailContactAction[]): string {
  return contactGroupsOf(actions)
    .map(
      (group) => `<tr><td style="padding-top:16px">
<div dir="auto" style="font-size:14px;font-weight:600;color:#0f172a;${WRAP}">${escapeHtml(group.value)}</div>
<div style="padding-top:8px">${group.actions
        .map(
          (action) =>
            `<a href="${escapeHtml(action.href)}" aria-label="${escapeHtml(action.label)}" style="display:inline-block;margin:0 8px 8px 0;border:1px solid #c7d2fe;color:#3730a3;text-decoration:none;font-weight:600;padding:8px 14px;border-radius:8px">${SHORT_LABELS[action.kind]}</a>`,
        )
        .join('')}</div>
</td></tr>`,
    )
    .join('\n');
}

function fieldsHtml(fields: [string, string][]): string {
  const rows = fields
    .map(
      ([key, value]) =>
        `<tr><td dir="auto" valign="top" style="width:36%;padding:8px 12px 8px 0;border-top:1px solid #e2e8f0;font-size:13px;line-height:20px;color:#64748b;${WRAP}">${escapeHtml(key)}</td><td dir="auto" valign="top" style="padding:8px 0;border-top:1px solid #e2e8f0;font-size:14px;line-height:20px;color:#0f172a;white-space:pre-wrap;${WRAP}">${escapeHtml(value)}</td></tr>`,
    )
    .join('\n');
  return `<tr><td style="padding-top:24px;font-size:13px;font-weight:700;letter-spacing:.04em;text-transform:uppercase;color:#64748b">What they sent</td></tr>
<tr><td style="padding-top:8px"><table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="table-layout:fixed;border-collapse:collapse">
${rows}
</table></td></tr>`;
}

/** `name: value`, a multi-line value's further lines indented so they stay with their field. */
function fieldText([key, value]: [string, string]): string {
  return `${key}: ${value.replace(/\n/g, '\n  ')}`;
}

/**
 * The email copy of a lead, complete on its own: every field the visitor sent (the flow's
 * templates may use only a few), one-tap Call, Text, WhatsApp and Reply links, and the lead's card
 * in the console. Everything in it comes from a website's visitors, so the HTML part escapes every
 * character that could start markup, and the subject is kept to one line. Replying answers the
 * lead when their address is known.
 */
export function notificationMail({
  to,
  title,
  message,
  data,
  defaultCountry,
  leadUrl,
  accountUrl,
  reason,
  isTest,
}: {
  to: string;
  title: string;
  message: string;
  data: Record<string, unknown> | null;
  /** The entity's country, to read phone numbers typed without their country code. */
  defaultCountry: string | null;
  leadUrl: string;
  accountUrl: string;
  reason: EmailCopyReason;
  isTest: boolean;
}): Mail {
  const subject = `${isTest ? 'Test: ' : ''}${title}`.replace(/\s+/g, ' ').trim();
  const { because, action } = WHY[reason];
  const replyTo = leadEmailOf(data);
  const reply = replyTo ? `Reply to this email to answer ${replyTo}.` : null;
  const actions = contactActionsOf(
    { data, replySubject: replySubjectOf({ template: null, businessName: null, data }) },
    defaultCountry,
  ).filter((contact): contact is MailContactAction => contact.kind !== 'link');
  const fields = Object.entries(data ?? {}).map(([key, value]): [string, string] => [key, String(value)]);
  const text = [
    'Leadbell',
    title,
    message,
    ...(actions.length > 0 ? [actions.map((contact) => `${contact.label}: ${contact.href}`).join('\n')] : []),
    `Open lead: ${leadUrl}`,
    ...(fields.length > 0 ? [`What they sent:\n${fields.map(fieldText).join('\n')}`] : []),
    ...(reply ? [reply] : []),
    `${because} ${action}: ${accountUrl}`,
  ].join('\n\n');
  const html =
    brandedMailHtml(`<tr><td dir="auto" style="padding-top:16px;font-size:18px;font-weight:700;line-height:26px;${WRAP}">${escapeHtml(title)}</td></tr>
<tr><td dir="auto" style="padding-top:8px;font-size:16px;line-height:24px;white-space:pre-wrap;${WRAP}">${escapeHtml(message)}</td></tr>
${actions.length > 0 ? `${contactHtml(actions)}\n` : ''}<tr><td style="padding-top:24px"><table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" bgcolor="#4338ca" style="border-radius:10px"><a href="${escapeHtml(leadUrl)}" style="display:block;padding:14px 18px;color:#ffffff;font-size:17px;font-weight:700;text-decoration:none">Open lead</a></td></tr></table></td></tr>
${fields.length > 0 ? `${fieldsHtml(fields)}\n` : ''}${reply ? `<tr><td style="padding-top:24px;font-size:14px;color:#334155;${WRAP}">${escapeHtml(reply)}</td></tr>\n` : ''}<tr><td style="padding-top:24px;font-size:13px;color:#64748b">${escapeHtml(because)} <a href="${escapeHtml(accountUrl)}" style="color:#4338ca">${escapeHtml(action)}</a>.</td></tr>`);
  return { to, subject, text: `${text}\n`, html, ...(replyTo && { replyTo }) };
}
