import type { Mail } from '../../mail/mailer.ts';
import { escapeHtml } from '../../lib/escape-html.ts';
import { brandedMailHtml } from '../../mail/branded-mail.ts';

/**
 * The email copy of a notification, for owners who turned email on. Plain text only: the title
 * and message come from a website's visitors, so the HTML part escapes every character that
 * could start markup, and the subject is kept to one line.
 */
export function notificationMail({
  to,
  title,
  message,
  url,
  accountUrl,
}: {
  to: string;
  title: string;
  message: string;
  url: string;
  accountUrl: string;
}): Mail {
  const subject = title.replace(/\s+/g, ' ').trim();
  const why = 'You get this email because email notifications are on for your Leadbell account.';
  const text = `Leadbell\n\n${title}\n\n${message}\n\nOpen: ${url}\n\n${why} Turn them off on your account page: ${accountUrl}\n`;
  const html =
    brandedMailHtml(`<tr><td style="padding-top:16px;font-size:18px;font-weight:700;line-height:26px">${escapeHtml(title)}</td></tr>
<tr><td style="padding-top:8px;font-size:16px;line-height:24px;white-space:pre-wrap">${escapeHtml(message)}</td></tr>
<tr><td style="padding:24px 0"><a href="${escapeHtml(url)}" style="display:inline-block;background:#4338ca;color:#ffffff;text-decoration:none;font-weight:600;padding:10px 18px;border-radius:8px">Open</a></td></tr>
<tr><td style="font-size:13px;color:#64748b">${escapeHtml(why)} <a href="${escapeHtml(accountUrl)}" style="color:#4338ca">Turn them off</a>.</td></tr>`);
  return { to, subject, text, html };
}
