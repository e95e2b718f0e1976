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
