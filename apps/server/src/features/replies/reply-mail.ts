import type { Mail } from '../../mail/mailer.ts';
import { escapeHtml } from '../../lib/escape-html.ts';

/**
 * A member's reply to a lead's visitor: plain text as typed, and the same text escaped in a plain
 * HTML part (no Leadbell branding: it is the business writing). From MAIL_FROM's address under
 * "<member> at <business>" (the mailer strips line breaks from the name), Reply-To the member, so
 * the visitor's answer reaches the person who wrote.
 */
export function replyMail({
  to,
  subject,
  body,
  memberName,
  memberEmail,
  businessName,
}: {
  to: string;
  subject: string;
  body: string;
  memberName: string;
  memberEmail: string;
  businessName: string;
}): Mail {
  const html = `<!doctype html><html><body style="margin:0;padding:16px;font-family:-apple-system,Segoe UI,Roboto,Helvetica,Arial,sans-serif;font-size:15px;line-height:1.5;color:#0f172a">
<div style="white-space:pre-wrap">${escapeHtml(body)}</div>
</body></html>`;
  return {
    to,
    subject,
    text: `${body}\n`,
    html,
    replyTo: memberEmail,
    fromName: `${memberName} at ${businessName}`,
  };
}
