import { and, eq, inArray } from 'drizzle-orm';
import type { LeadTimelineEntry } from '@leadbell/shared/leads';
import type { WebhookDeliveryStatus, WebhookEndpointKind } from '@leadbell/shared/webhooks';
import type { Database } from '../../db/client.ts';
import { webhookDeliveries, webhookEndpoints } from '../../db/schema/webhooks.ts';

/** Slack's answers to a failed post are short codes (`no_service`, `invalid_payload`): enough to say why. */
const SLACK_ANSWER_MAX = 80;

type ChannelPost = {
  kind: WebhookEndpointKind;
  url: string;
  description: string | null;
  status: WebhookDeliveryStatus;
  lastAttemptAt: Date | null;
  createdAt: Date;
  lastError: string | null;
  lastStatusCode: number | null;
  responseExcerpt: string | null;
};

function hostOf(url: string): string {
  try {
    return new URL(url).hostname;
  } catch {
    return 'a webhook endpoint';
  }
}

/**
 * Names an endpoint without its address's path or query, which may carry a token: the admin's
 * description, else the host.
 */
function endpointNameOf(post: Pick<ChannelPost, 'url' | 'description'>): string {
  return post.description || hostOf(post.url);
}

/**
 * Why the last attempt failed, in the words the delivery log uses. A receiver's own answer is shown
 * only for Slack: a customer's endpoint may answer with anything, and the timeline is every member's.
 */
function failureOf(post: ChannelPost): string {
  // A Slack URL is its secret: should a connection error ever quote an address, only its host is kept.
  if (post.lastError) return post.lastError.replace(/\bhttps?:\/\/[^\s)]+/gi, hostOf);
  if (post.lastStatusCode === null) return 'no answer';
  const answer =
    post.kind === 'slack' ? post.responseExcerpt?.trim().split(/\r?\n/)[0]?.slice(0, SLACK_ANSWER_MAX) : '';
  return answer ? `HTTP ${post.lastStatusCode} ${answer}` : `HTTP ${post.lastStatusCode}`;
}

function entryOf(post: ChannelPost): LeadTimelineEntry {
  const channel = post.kind === 'slack' ? 'slack' : 'webhook';
  if (post.status === 'delivered')
    return {
      kind: 'delivered',
      at: (post.lastAttemptAt ?? post.createdAt).toISOString(),
      person: null,
      detail: channel === 'slack' ? 'Slack' : endpointNameOf(post),
      channel,
    };
  const reason = failureOf(post);
  return {
    kind: 'failed',
    // An endpoint turned off before the first attempt gives up without attempting.
    at: (post.lastAttemptAt ?? post.createdAt).toISOString(),
    person: null,
    detail: channel === 'slack' ? reason : `${reason} (${endpointNameOf(post)})`,
    channel,
  };
}

/**
 * What the lead's Slack posts and outgoing webhooks add to its timeline (issue 27): each
 * `lead.created` delivery that arrived or was given up. Pending ones add nothing: the delivery log
 * on the Channels page follows their retries. Later events (claimed, done…) are not repeated here:
 * the timeline already has them from the team's own actions.
 */
export async function leadChannelPosts(
  db: Database,
  { id, entityId }: { id: string; entityId: string },
): Promise<LeadTimelineEntry[]> {
  const posts = await db
    .select({
      kind: webhookEndpoints.kind,
      url: webhookEndpoints.url,
      description: webhookEndpoints.description,
      status: webhookDeliveries.status,
      lastAttemptAt: webhookDeliveries.lastAttemptAt,
      createdAt: webhookDeliveries.createdAt,
      lastError: webhookDeliveries.lastError,
      lastStatusCode: webhookDeliveries.lastStatusCode,
      responseExcerpt: webhookDeliveries.responseExcerpt,
    })
    .from(webhookDeliveries)
    .innerJoin(
      webhookEndpoints,
      and(eq(webhookEndpoints.id, webhookDeliveries.endpointId), eq(webhookEndpoints.entityId, entityId)),
    )
    .where(
      and(
        eq(webhookDeliveries.notificationId, id),
        eq(webhookDeliveries.entityId, entityId),
        eq(webhookDeliveries.eventType, 'lead.created'),
        inArray(webhookDeliveries.status, ['delivered', 'failed']),
      ),
    );
  return posts.map(entryOf);
}
