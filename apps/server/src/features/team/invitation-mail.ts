import { INVITATION_TTL_DAYS } from '@leadbell/shared/team';
import type { Role } from '@leadbell/shared/session';
import { escapeHtml } from '../../lib/escape-html.ts';
import { brandedMailHtml } from '../../mail/branded-mail.ts';
import type { Mail } from '../../mail/mailer.ts';

/** The invitation email: who invites you to which business, the link, and how long it works. */
export function invitationMail({
  to,
  entityName,
  inviterName,
  role,
  link,
}: {
  to: string;
  entityName: string;
  inviterName: string;
  role: Role;
  link: string;
}): Mail {
  const intro = `${inviterName} invited you to join ${entityName} on Leadbell as ${role === 'admin' ? 'an Admin' : 'a Member'}, so your phone rings for its leads too.`;
  const validity = `The link works once, for ${INVITATION_TTL_DAYS} days.`;
  const ignore = 'Not expecting this? You can ignore this email: nothing happens unless you open the link.';
  const text = `Leadbell\n\n${intro}\n\nJoin: ${link}\n\n${validity}\n\n${ignore}\n`;
  const html =
    brandedMailHtml(`<tr><td style="padding-top:16px;font-size:16px;line-height:24px">${escapeHtml(intro)}</td></tr>
<tr><td style="padding:24px 0"><a href="${escapeHtml(link)}" style="display:inline-block;background:#4338ca;color:#ffffff;text-decoration:none;font-weight:600;padding:10px 18px;border-radius:8px">Join ${escapeHtml(entityName)}</a></td></tr>
<tr><td style="font-size:14px;color:#475569">${escapeHtml(validity)}</td></tr>
<tr><td style="padding-top:16px;font-size:13px;color:#64748b">${escapeHtml(ignore)}</td></tr>`);
  return { to, subject: `${inviterName} invited you to ${entityName} on Leadbell`.replace(/\s+/g, ' '), text, html };
}
