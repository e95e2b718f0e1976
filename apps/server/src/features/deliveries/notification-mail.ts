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

/**
 * The email copy of a notification. Plain text only: the title and message come from a website's
 * visitors, so the HTML part escapes every character that could start markup, and the subject is
 * kept to one line. Replying answers the lead when their address is known.
 */
export function notificationMail({
  to,
  title,
  message,
  url,
  accountUrl,
  reason,
  replyTo,
  isTest,
}: {
  to: string;
  title: string;
  message: string;
  /** The notification in the console, or the URL the website gave it. */
  url: string;
  accountUrl: string;
  reason: EmailCopyReason;
  /** The lead's own address, from the notification's data. */
  replyTo: string | null;
  isTest: boolean;
}): Mail {
  const subject = `${isTest ? 'Test: ' : ''}${title}`.replace(/\s+/g, ' ').trim();
  const { because, action } = WHY[reason];
  const reply = replyTo ? `Reply to this email to answer ${replyTo}.` : null;
  const text = [
    'Leadbell',
    title,
    message,
    `Open: ${url}`,
    ...(reply ? [reply] : []),
    `${because} ${action}: ${accountUrl}`,
  ].join('\n\n');
  const html =
    brandedMailHtml(`<tr><td style="padding-top:16px;font-size:18px;font-weight:700;line-height:26px">${escapeHtml(title)}</td></tr>
<tr><td style="padding-top:8px;font-size:16px;line-height:24px;white-space:pre-wrap">${escapeHtml(message)}</td></tr>
<tr><td style="padding:24px 0"><a href="${escapeHtml(url)}" style="display:inline-block;background:#4338ca;color:#ffffff;text-decoration:none;font-weight:600;padding:10px 18px;border-radius:8px">Open the lead</a></td></tr>
${reply ? `<tr><td style="padding-bottom:16px;font-size:14px;color:#334155">${escapeHtml(reply)}</td></tr>\n` : ''}<tr><td style="font-size:13px;color:#64748b">${escapeHtml(because)} <a href="${escapeHtml(accountUrl)}" style="color:#4338ca">${escapeHtml(action)}</a>.</td></tr>`);
  return { to, subject, text: `${text}\n`, html, ...(replyTo && { replyTo }) };
}
