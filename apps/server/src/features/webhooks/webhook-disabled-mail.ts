import { escapeHtml } from '../../lib/escape-html.ts';
import { brandedMailHtml } from '../../mail/branded-mail.ts';
import type { Mail } from '../../mail/mailer.ts';

/** The email to each admin when Leadbell turns a failing webhook endpoint off (decision 049). */
export function webhookDisabledMail({
  to,
  entityName,
  url,
  reason,
  publicUrl,
}: {
  to: string;
  entityName: string;
  url: string;
  reason: string;
  publicUrl: string;
}): Mail {
  const lines = [
    `Leadbell turned off the webhook endpoint ${url} of ${entityName}: it has not accepted an event for about a day.`,
    reason,
    'New events are not sent to it until it is turned on again on the Channels page, where its delivery log shows every attempt and “Resend” sends an event again.',
  ];
  const link = `${publicUrl}/channels`;
  const html = brandedMailHtml(
    `${lines.map((line) => `<tr><td style="padding-top:16px;font-size:16px;line-height:24px">${escapeHtml(line)}</td></tr>`).join('\n')}
<tr><td style="padding:24px 0"><a href="${escapeHtml(link)}" style="display:inline-block;background:#4338ca;color:#ffffff;text-decoration:none;font-weight:600;padding:10px 18px;border-radius:8px">Open Channels</a></td></tr>`,
  );
  return {
    to,
    subject: `${entityName}: a webhook endpoint was turned off`.replace(/\s+/g, ' ').trim(),
    text: `Leadbell\n\n${lines.join('\n\n')}\n\nOpen Channels: ${link}\n`,
    html,
  };
}
