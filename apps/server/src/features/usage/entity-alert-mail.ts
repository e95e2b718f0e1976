import { getPlan, type PlanId } from '@leadbell/shared/plans';
import { escapeHtml } from '../../lib/escape-html.ts';
import { brandedMailHtml } from '../../mail/branded-mail.ts';
import type { Mail } from '../../mail/mailer.ts';
import type { EntityAlertPayload } from '../../jobs/entity-alert.job.ts';

const COUNT = new Intl.NumberFormat('en-US');
const SEE_PLAN = { label: 'See your plan', path: '/account#plan' };

type AlertCopy = { subject: string; lines: string[]; link?: { label: string; path: string } };

function copyOf(alert: EntityAlertPayload['alert'], planId: PlanId, entityName: string): AlertCopy {
  const plan = getPlan(planId);
  const included = COUNT.format(plan.includedNotifications);
  const stops = plan.overageUsd === null;
  switch (alert) {
    case 'usage_80':
      return {
        subject: `${entityName}: 80% of this month's notifications used`,
        lines: [
          `${entityName} has used 80% of the ${included} notifications its ${plan.title} plan includes this billing month.`,
          stops
            ? `At ${included} the plan stops ringing: new leads are then kept but not delivered until you choose a larger plan, which delivers them at once.`
            : `After ${included}, each notification costs $${plan.overageUsd!.toFixed(2)}; nothing is refused.`,
        ],
      };
    case 'usage_100':
      return {
        subject: `${entityName}: this month's ${included} notifications are used up`,
        lines: stops
          ? [
              `${entityName} has used all ${included} notifications its ${plan.title} plan includes this billing month.`,
              `New leads, from your website forms, your code and your webhooks alike, are kept but not delivered until you choose a larger plan. None is lost: a larger plan starts at once and delivers every lead waiting.`,
            ]
          : [
              `${entityName} has reached the ${included} notifications its ${plan.title} plan includes this billing month.`,
              `Leadbell keeps delivering; each further notification costs $${plan.overageUsd!.toFixed(2)}.`,
            ],
      };
    case 'leads_held':
      return {
        subject: `${entityName}: a new lead is waiting`,
        lines: [
          `A lead from your website arrived after this month's ${included} notifications were used up. It is kept, but your phone was not rung.`,
          'Choose a larger plan to deliver it, and any others waiting, right away.',
        ],
      };
    case 'spam_flood':
      return {
        subject: `${entityName}: a flood of spam on your website form was held back`,
        lines: [
          `Your website form is receiving more submissions a minute than people send: a bot has found it. Leadbell is holding what looks automated under Spam, so it does not ring your team or count against your plan; submissions that look like real customers still ring as usual.`,
          'Look through Spam now and then: “Not spam” moves a lead back to your inbox. If it goes on, turn on the CAPTCHA (Cloudflare Turnstile) in the flow’s spam protection settings.',
        ],
        link: { label: 'Open Spam', path: '/leads?filter=spam' },
      };
    case 'sms_allowance':
      return {
        subject: `${entityName}: this month's text messages are used up`,
        lines: [
          plan.includedSms === 0
            ? `A member chose to get leads by text message, but the ${plan.title} plan includes none.`
            : `${entityName} has sent the ${COUNT.format(plan.includedSms)} text messages its ${plan.title} plan includes this billing month.`,
          'Leads keep arriving by push, email and your other channels; texts start again next billing month, or now with a larger plan.',
        ],
      };
    case 'call_allowance':
      return {
        subject: `${entityName}: this month's call minutes are used up`,
        lines: [
          plan.includedCallMinutes === 0
            ? `A member chose to get leads by phone call, but the ${plan.title} plan includes no call minutes.`
            : `${entityName} has used the ${COUNT.format(plan.includedCallMinutes)} call minutes its ${plan.title} plan includes this billing month.`,
          'Members who chose calls get a text message and their pushes instead; calls start again next billing month, or now with a larger plan.',
        ],
      };
  }
}

/** The email to an entity's admins about its volume (decision 021), in HTML and plain text. */
export function entityAlertMail({
  to,
  alert,
  plan,
  entityName,
  publicUrl,
}: {
  to: string;
  alert: EntityAlertPayload['alert'];
  plan: PlanId;
  entityName: string;
  publicUrl: string;
}): Mail {
  const { subject, lines, link = SEE_PLAN } = copyOf(alert, plan, entityName);
  const url = `${publicUrl}${link.path}`;
  const text = `Leadbell\n\n${lines.join('\n\n')}\n\n${link.label}: ${url}\n`;
  const html = brandedMailHtml(
    `${lines.map((line) => `<tr><td style="padding-top:16px;font-size:16px;line-height:24px">${escapeHtml(line)}</td></tr>`).join('\n')}
<tr><td style="padding:24px 0"><a href="${escapeHtml(url)}" style="display:inline-block;background:#4338ca;color:#ffffff;text-decoration:none;font-weight:600;padding:10px 18px;border-radius:8px">${escapeHtml(link.label)}</a></td></tr>`,
  );
  return { to, subject: subject.replace(/\s+/g, ' ').trim(), text, html };
}
