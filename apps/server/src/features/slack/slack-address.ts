import { SLACK_WEBHOOK_HOST, SLACK_WEBHOOK_PREFIX } from '@leadbell/shared/slack';
import { webhookUrlProblem } from '../webhooks/webhook-address.ts';

/**
 * Why this is not a Slack incoming-webhook URL Leadbell will post to, or null: exactly
 * `https://hooks.slack.com/services/…`, unless WEBHOOK_ALLOW_PRIVATE_NETWORKS allows any address
 * (a local fake Slack in tests). Decided from the text alone: nothing is contacted.
 */
export function slackUrlProblem(value: string, { allowPrivateNetworks }: { allowPrivateNetworks: boolean }) {
  if (allowPrivateNetworks) return webhookUrlProblem(value, { allowPrivateNetworks });
  const url = new URL(value);
  const isSlack =
    url.protocol === 'https:' &&
    url.hostname === SLACK_WEBHOOK_HOST &&
    url.port === '' &&
    url.username === '' &&
    url.password === '' &&
    /^\/services\/[^/]+\/[^/]+\/[^/]+\/?$/.test(url.pathname);
  return isSlack
    ? null
    : `Only Slack incoming-webhook URLs are accepted: ${SLACK_WEBHOOK_PREFIX} followed by three parts, as Slack shows it.`;
}

/** The URL as it may be shown again: Slack's `https://hooks.slack.com/services/T…/…/••••`. */
export function maskSlackUrl(value: string): string {
  const url = new URL(value);
  const parts = url.pathname.split('/').filter(Boolean);
  if (parts[0] === 'services' && parts.length > 1) return `${url.origin}/services/${parts[1]!.slice(0, 1)}…/…/••••`;
  return `${url.origin}/…/••••`;
}
