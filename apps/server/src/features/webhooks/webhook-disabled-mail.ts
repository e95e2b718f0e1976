import type { WebhookEndpointKind } from '@leadbell/shared/webhooks';
import { escapeHtml } from '../../lib/escape-html.ts';
import { brandedMailHtml } from '../../mail/branded-mail.ts';
import type { Mail } from '../../mail/mailer.ts';

/**
 * The email to each admin when Leadbell turns a failing webhook endpoint off (decision 049), or the
 * Slack connection (`kind: 'slack'`, whose `url` is the masked one) when Slack revoked its URL.
 */
export function webhookDisabledMail({
  to,
  kind = 'standard',
  entityName,
  url,
  reason,
  publicUrl,
}: {
  to: string;
  kind?: WebhookEndpointKind;
  entityName: string;
  url: string;
  reason: string;
  publicUrl: string;
}): Mail {
  const lines =
    kind === 'slack'
      ? [
          `Leadbell turned off the Slack connection of ${entityName} (${url}): Slack no longer accepts its messages.`,
          reason,
          'Leads are not posted to Slack until an admin connects it again on the Channels page with a new incoming-webhook URL; the connection’s delivery log shows every attempt.',
        ]
      : [
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
    subject: `${entityName}: ${kind === 'slack' ? 'the Slack connection' : 'a webhook endpoint'} was turned off`
      .replace(/\s+/g, ' ')
      .trim(),
    text: `Leadbell\n\n${lines.join('\n\n')}\n\nOpen Channels: ${link}\n`,
    html,
  };
}
