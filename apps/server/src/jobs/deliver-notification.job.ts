import { z } from 'zod';
import { AcknowledgeLeadPayloadSchema } from './acknowledge-lead.job.ts';
import { EntityAlertPayloadSchema } from './entity-alert.job.ts';
import { EscalationPayloadSchema } from './escalation.job.ts';
import { WebhookPayloadSchema } from './webhook.job.ts';

/** pg-boss queue of the push lane (see DELIVERY_LANES). */
export const DELIVER_NOTIFICATION_QUEUE = 'deliver-notification';

/**
 * The worker's lanes (decision 054), each a pg-boss queue run on slots of its own: `push`
 * (pushes and email copies, escalations, alerts, acknowledgements, test pushes), `webhooks`
 * (outgoing webhooks and Slack), `telegram` and `sms` (members' Telegram messages and texts).
 * However slow or busy one channel gets, the others never wait for its slots: a Twilio that stops
 * answering holds only the sms lane's, and a lead's pushes wait behind none of them (issue 27).
 */
export const DELIVERY_LANES = ['push', 'webhooks', 'telegram', 'sms'] as const;
export type DeliveryLane = (typeof DELIVERY_LANES)[number];

export const QUEUE_OF_LANE: Record<DeliveryLane, string> = {
  push: DELIVER_NOTIFICATION_QUEUE,
  webhooks: 'deliver-webhooks',
  telegram: 'deliver-telegram',
  sms: 'deliver-sms',
};

/** The lane a job was queued in, when it was a personal channel's (see laneOf). */
const PersonalLaneSchema = z.enum(['telegram', 'sms']).optional();

/**
 * `test`: one "Send test notification" to a device; a test is interactive, so it is not retried.
 * `deliveries` and `delivery`: jobs queued before a delivery became its own schedule (decision
 * 067), still read so that jobs waiting at an upgrade parse; they do nothing, since their
 * deliveries are due rows that the lanes fetch.
 */
const DeliveryPayloadSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('test'), subscriptionId: z.uuid() }),
  z.object({ kind: z.literal('deliveries'), deliveryIds: z.array(z.uuid()).min(1), lane: PersonalLaneSchema }),
  z.object({
    kind: z.literal('delivery'),
    deliveryId: z.uuid(),
    attempt: z.number().int().min(0),
    lane: PersonalLaneSchema,
  }),
]);
export type DeliveryPayload = z.infer<typeof DeliveryPayloadSchema>;

/**
 * Every job on the queue: a test push (above), `entity-alert`, an email to an
 * entity's admins about its volume (entity-alert.job.ts), or `escalation`, a lead nobody claimed
 * in time, from before decision 038 (escalation.job.ts), or `acknowledge`, the email to a lead's
 * visitor (acknowledge-lead.job.ts), or `webhook`, an attempt at one outgoing webhook event
 * (webhook.job.ts). Intake jobs (decision 038) never reach
 * pg-boss: leadbell_take_outbox turns them into these.
 */
export const DeliverNotificationPayloadSchema = z.union([
  DeliveryPayloadSchema,
  EntityAlertPayloadSchema,
  EscalationPayloadSchema,
  AcknowledgeLeadPayloadSchema,
  WebhookPayloadSchema,
]);
export type DeliverNotificationPayload = z.infer<typeof DeliverNotificationPayloadSchema>;

/**
 * The lane a job runs in (decision 054): outgoing webhooks in `webhooks`, jobs marked with a
 * personal channel's lane in it, everything else in `push`. Takes a job as our SQL wrote it too
 * (job_outbox), before it is parsed.
 */
export function laneOf(job: { kind?: unknown; lane?: unknown }): DeliveryLane {
  if (job.kind === 'webhook') return 'webhooks';
  return job.lane === 'telegram' || job.lane === 'sms' ? job.lane : 'push';
}

/**
 * pg-boss's own retry covers only a handler that crashed or threw (process killed, database
 * down): the job expires or fails and runs again, and every handler re-reads what it already did.
 * A delivery's attempts are not jobs: a failed one is due again at its backoff (retryDelayMs), set
 * in the statement that records it (decision 067).
 */
export const DELIVER_NOTIFICATION_QUEUE_OPTIONS = {
  retryLimit: 20,
  retryDelay: 2,
  retryBackoff: true,
  // Well past the push timeout: a job still active after that belongs to a process that died.
  expireInSeconds: 20,
} as const;

/**
 * Push-service request timeout: a hung push service costs a worker slot no longer than this. Push
 * services answer in well under a second; 5 s also bounds how soon another process may take over a
 * lead's deliveries (DELIVERY_LEASE_SECONDS in take-outbox.ts, decision 067).
 */
export const PUSH_TIMEOUT_MS = 5_000;

const RETRY_BASE_MS = 1_000;
const RETRY_CAP_MS = 30 * 60_000;

/**
 * Exponential backoff with full jitter (a random wait between 0 and base·2^attempt, capped):
 * after a push-service outage, the retries of many deliveries spread out instead of arriving
 * together. https://aws.amazon.com/blogs/architecture/exponential-backoff-and-jitter/
 */
export function retryDelayMs(attempt: number, random: () => number = Math.random): number {
  const ceiling = Math.min(RETRY_CAP_MS, RETRY_BASE_MS * 2 ** Math.min(attempt, 30));
  return Math.floor(random() * ceiling);
}
