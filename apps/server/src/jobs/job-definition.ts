import type { z } from 'zod';
import type { Env } from '../env.ts';
import type { WebhookDependencies } from '../features/webhooks/deliver-webhook.ts';
import type { Clock } from '../lib/clock.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { Deliverer } from './deliver-notification.handler.ts';
import type { DeliveryQueue } from './delivery-queue.ts';

/** pg-boss's retry of a job whose handler threw or whose process died (its options of these names). */
export type JobRetryPolicy = {
  retryLimit: number;
  /** Seconds before the first retry; doubled for each next one when `retryBackoff`. */
  retryDelay: number;
  retryBackoff: boolean;
  /** A job still active after this belongs to a process that died: it runs again. */
  expireInSeconds: number;
};

/**
 * pg-boss's own retry covers only a handler that crashed or threw (process killed, database
 * down): the job expires or fails and runs again, and every handler re-reads what it already did.
 * A delivery's attempts are not jobs: a failed one is due again at its backoff (retryDelayMs), set
 * in the statement that records it (decision 067).
 */
export const JOB_RETRY: JobRetryPolicy = {
  retryLimit: 20,
  retryDelay: 2,
  retryBackoff: true,
  // Well past the push timeout: a job still active after that belongs to a process that died.
  expireInSeconds: 20,
};

/** What the worker gives each kind's handler, once per process. */
export type JobContext = {
  queue: DeliveryQueue;
  mailer: Mailer;
  env: Env;
  clock: Clock;
  /** The push lane's deliverer (decision 054). */
  deliverer: Deliverer;
  /** Outgoing webhooks' sender and what their jobs need (decision 049). */
  webhooks: Omit<WebhookDependencies, 'db' | 'queue'>;
};

/**
 * A job kind (decision 078): its payload as queued (by TypeScript or by our SQL, through job_outbox),
 * its retry policy and its handler. A handler is idempotent: it re-reads state, skips work already
 * done and records every attempt, since a job may run again after a crash or a lost completion.
 */
export type JobDefinition<Payload extends { kind: string }> = {
  kind: Payload['kind'];
  schema: z.ZodType<Payload>;
  retry: JobRetryPolicy;
  /** Made once per worker process. */
  createHandler: (context: JobContext) => (payload: Payload) => Promise<void>;
};

export function defineJob<Payload extends { kind: string }>(
  definition: JobDefinition<Payload>,
): JobDefinition<Payload> {
  return definition;
}
