import { escapeHtml } from '../../lib/escape-html.ts';
import { brandedMailHtml } from '../../mail/branded-mail.ts';
import type { Mail } from '../../mail/mailer.ts';

/** A line of a digest: its text, the lead it links to, and the visitor's address to reply to. */
export type DigestLine = { text: string; href?: string; replyHref?: string };

/**
 * A digest email: a heading, paragraphs, then lines that may link to a lead and reply to its
 * visitor. Every text escaped. `replyTo`: the one visitor a reply from the mail app should reach.
 */
export function digestMail({
  to,
  subject,
  heading,
  paragraphs,
  lines,
  action,
  replyTo,
}: {
  to: string;
  subject: string;
  heading: string;
  paragraphs: string[];
  lines: DigestLine[];
  action: { label: string; href: string };
  replyTo?: string | null;
}): Mail {
  const text = [
    'Leadbell',
    heading,
    ...paragraphs,
    ...(lines.length
      ? [
          lines
            .map(
              (line) =>
                `- ${line.text}${line.href ? ` (${line.href})` : ''}${line.replyHref ? `\n  Reply: ${line.replyHref}` : ''}`,
            )
            .join('\n'),
        ]
      : []),
    `${action.label}: ${action.href}`,
  ].join('\n\n');
  const list = lines
    .map(
      (line) =>
        `<li style="margin-bottom:6px">${line.href ? `<a href="${escapeHtml(line.href)}" style="color:#3730a3">${escapeHtml(line.text)}</a>` : escapeHtml(line.text)}${line.replyHref ? ` · <a href="${escapeHtml(line.replyHref)}" style="color:#3730a3">Reply</a>` : ''}</li>`,
    )
    .join('');
  const html =
    brandedMailHtml(`<tr><td style="padding-top:16px;font-size:18px;font-weight:700;line-height:26px">${escapeHtml(heading)}</td></tr>
${paragraphs.map((paragraph) => `<tr><td style="padding-top:10px;font-size:15px;line-height:23px">${escapeHtml(paragraph)}</td></tr>`).join('\n')}
${list ? `<tr><td style="padding-top:12px;font-size:14px;line-height:21px"><ul style="padding-left:18px;margin:0">${list}</ul></td></tr>` : ''}
<tr><td style="padding:20px 0 8px"><a href="${escapeHtml(action.href)}" style="display:inline-block;background:#4338ca;color:#ffffff;text-decoration:none;font-weight:600;padding:10px 18px;border-radius:8px">${escapeHtml(action.label)}</a></td></tr>`);
  return { to, subject: subject.replace(/\s+/g, ' ').trim(), text: `${text}\n`, html, ...(replyTo && { replyTo }) };
}
