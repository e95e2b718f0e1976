import { escapeHtml } from '../../lib/escape-html.ts';
import { brandedMailHtml } from '../../mail/branded-mail.ts';
import type { Mail } from '../../mail/mailer.ts';

/** The email to an entity's admins when Stripe could not take a payment (once per invoice). */
export function paymentFailedMail({
  to,
  entityName,
  publicUrl,
}: {
  to: string;
  entityName: string;
  publicUrl: string;
}): Mail {
  const url = `${publicUrl}/billing`;
  const lines = [
    `The last payment for ${entityName}’s Leadbell plan did not go through.`,
    'Stripe will try the card again over the next days and your plan stays as it is meanwhile. If the payments keep failing, the subscription ends and the business falls back to Starter’s limits: nothing is deleted, and leads beyond the limits are kept until a plan is paid again.',
    'Update the card in the billing portal to keep your plan.',
  ];
  const text = `Leadbell\n\n${lines.join('\n\n')}\n\nUpdate the card: ${url}\n`;
  const html = brandedMailHtml(
    `${lines.map((line) => `<tr><td style="padding-top:16px;font-size:16px;line-height:24px">${escapeHtml(line)}</td></tr>`).join('\n')}
<tr><td style="padding:24px 0"><a href="${escapeHtml(url)}" style="display:inline-block;background:#4338ca;color:#ffffff;text-decoration:none;font-weight:600;padding:10px 18px;border-radius:8px">Update the card</a></td></tr>`,
  );
  return { to, subject: `Payment failed for ${entityName}’s Leadbell plan`.replace(/\s+/g, ' ').trim(), text, html };
}
