import { LEAD_OUTCOME_LABELS } from '@leadbell/shared/lead-notes-outcomes';
import { TRAFFIC_SOURCE_LABELS, type TrafficSource } from '@leadbell/shared/lead-sources';
import type { WebhookDeliveryEventType } from '@leadbell/shared/webhooks';
import type { WebhookLeadSnapshot } from '../webhooks/webhook-lead.ts';

/** Slack's limits: 10 fields in a section, 2,000 characters in a field, 150 in a header, 50 blocks. */
const FIELDS_PER_SECTION = 10;
const FIELD_MAX = 1900;
const HEADER_MAX = 150;
/** At most this many of the lead's fields are posted (four sections); the card has them all. */
const FIELDS_MAX = 40;

type Block = Record<string, unknown>;
export type SlackMessage = { text: string; blocks: Block[] };

/**
 * Text for Slack's mrkdwn: `&`, `<` and `>` are its control characters (`<url|label>` is a link,
 * `<!channel>` a mention), so a visitor's words are escaped and can neither link nor ping.
 */
export function escapeSlackText(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function clip(value: string, max: number): string {
  return value.length > max ? `${value.slice(0, max - 1)}…` : value;
}

function valueText(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value) && value.every((item) => typeof item === 'string')) return value.join(', ');
  return JSON.stringify(value);
}

function openLeadLink(url: string): string {
  return `<${url}|Open lead>`;
}

/** The new lead: its title, fields, flow, source and an "Open lead" button. */
function newLeadMessage(lead: WebhookLeadSnapshot, url: string): SlackMessage {
  const fields = Object.entries(lead.data)
    .slice(0, FIELDS_MAX)
    .map(([name, value]) => ({
      type: 'mrkdwn',
      text: clip(`*${escapeSlackText(name)}*\n${escapeSlackText(valueText(value))}`, FIELD_MAX),
    }));
  const blocks: Block[] = [
    { type: 'header', text: { type: 'plain_text', text: clip(lead.title, HEADER_MAX), emoji: false } },
  ];
  for (let start = 0; start < fields.length; start += FIELDS_PER_SECTION)
    blocks.push({ type: 'section', fields: fields.slice(start, start + FIELDS_PER_SECTION) });
  if (fields.length === 0 && lead.message)
    blocks.push({ type: 'section', text: { type: 'mrkdwn', text: clip(escapeSlackText(lead.message), 2900) } });
  const source = lead.trafficSource ? TRAFFIC_SOURCE_LABELS[lead.trafficSource as TrafficSource] : undefined;
  const context = [
    `Flow: *${escapeSlackText(lead.flow.name)}*`,
    source ? `Source: ${source}` : null,
    lead.test ? 'Test lead' : null,
  ].filter((item): item is string => item !== null);
  blocks.push({ type: 'context', elements: context.map((text) => ({ type: 'mrkdwn', text })) });
  blocks.push({
    type: 'actions',
    elements: [
      {
        type: 'button',
        text: { type: 'plain_text', text: 'Open lead' },
        url,
        style: 'primary',
        action_id: 'open_lead',
      },
    ],
  });
  return { text: escapeSlackText(`${lead.title} (${lead.flow.name})`), blocks };
}

/** A short follow-up: incoming webhooks cannot reply in a thread or edit the first message. */
function followUp(sentence: string, url: string): SlackMessage {
  const text = escapeSlackText(sentence);
  return { text, blocks: [{ type: 'section', text: { type: 'mrkdwn', text: `${text} · ${openLeadLink(url)}` } }] };
}

/**
 * The Block Kit message a Slack connection posts for an event (decision 049's addendum); `url` is
 * the lead card's address. `null` lead only for the test message.
 */
export function slackMessageOf(
  { eventType, lead }: { eventType: WebhookDeliveryEventType; lead: WebhookLeadSnapshot | null },
  publicUrl: string,
): SlackMessage {
  if (eventType === 'webhook.test' || !lead) {
    const text = 'Leadbell is connected: new leads will be posted in this channel.';
    return { text, blocks: [{ type: 'section', text: { type: 'mrkdwn', text } }] };
  }
  const url = `${publicUrl}/leads/${lead.id}`;
  switch (eventType) {
    case 'lead.created':
      return newLeadMessage(lead, url);
    case 'lead.claimed':
      return followUp(`${lead.claimedBy?.name ?? 'Someone'} is on it: ${lead.title}`, url);
    case 'lead.done':
      return followUp(`Done by ${lead.doneBy?.name ?? 'someone'}: ${lead.title}`, url);
    case 'lead.spam':
      return followUp(`Marked as spam: ${lead.title}`, url);
    case 'lead.outcome':
      return followUp(
        `${lead.outcome ? LEAD_OUTCOME_LABELS[lead.outcome.outcome] : 'Outcome set'}: ${lead.title}`,
        url,
      );
  }
}

/**
 * Why Slack's answer means the URL will never work again (the webhook was removed, its app
 * uninstalled, its channel archived or deleted), or null. Slack answers such errors as a short
 * text body: `no_service`, `invalid_token`, `channel_is_archived`, `channel_not_found`…
 */
export function slackRevocationOf({
  statusCode,
  responseExcerpt,
}: {
  statusCode: number | null;
  responseExcerpt: string | null;
}): string | null {
  const body = (responseExcerpt ?? '').trim().slice(0, 100);
  const said = body ? ` ${body}` : '';
  const revokedCode = /\b(invalid_token|no_service|channel_is_archived|channel_not_found|team_disabled)\b/.test(body);
  if (statusCode === 404 || statusCode === 410 || (statusCode === 403 && revokedCode))
    return `Slack answered HTTP ${statusCode}${said}: the webhook URL was revoked or its channel is gone. Connect Slack again with a new URL.`;
  return null;
}
