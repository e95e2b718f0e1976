import type { z } from 'zod';
import { acknowledgeLeadJob } from './acknowledge-lead.job.ts';
import { entityAlertJob } from './entity-alert.job.ts';
import { escalationJob } from './escalation.job.ts';
import type { JobContext, JobDefinition, JobRetryPolicy } from './job-definition.ts';
import { legacyDeliveriesJob, legacyDeliveryJob } from './legacy-delivery.job.ts';
import { testPushJob } from './test-push.job.ts';
import { webhookJob } from './webhook.job.ts';

/**
 * Every job kind, in one list (decision 078): the queue is created with their retry policy and
 * types what it enqueues by their payloads; the worker parses each job by its kind's schema and
 * runs that kind's handler. Intake jobs (decision 038) are not here: leadbell_take_outbox turns
 * them into these before anything reaches pg-boss. A kind stays while a job of it may still wait.
 */
export const JOBS = [
  testPushJob,
  entityAlertJob,
  escalationJob,
  acknowledgeLeadJob,
  webhookJob,
  legacyDeliveriesJob,
  legacyDeliveryJob,
] as const;

export type JobPayload = z.infer<(typeof JOBS)[number]['schema']>;
type AnyJob = JobDefinition<JobPayload>;

const JOB_OF_KIND = new Map<string, AnyJob>(JOBS.map((job) => [job.kind, job as unknown as AnyJob]));

/**
 * The retry policy the lanes' queues are created with. pg-boss keeps it per queue, and a lane's
 * queue may hold any kind (jobs queued before the channels had lanes run where they were queued),
 * so the kinds share one: a kind that named another would silently retry by this one.
 */
export function queueRetryOf(jobs: ReadonlyArray<{ kind: string; retry: JobRetryPolicy }>): JobRetryPolicy {
  const [first, ...others] = jobs;
  if (!first) throw new Error('no job kind is registered');
  const differing = others.find((job) =>
    (Object.keys(first.retry) as Array<keyof JobRetryPolicy>).some((key) => job.retry[key] !== first.retry[key]),
  );
  if (differing)
    throw new Error(
      `job kind '${differing.kind}' names a retry policy of its own; pg-boss applies one per queue (decision 078)`,
    );
  return first.retry;
}

export const QUEUE_RETRY = queueRetryOf(JOBS);

/** A job's data as pg-boss hands it out, checked by its kind's schema; an unknown kind throws. */
export function parseJob(data: unknown): JobPayload {
  const kind = (data as { kind?: unknown } | null)?.kind;
  const job = typeof kind === 'string' ? JOB_OF_KIND.get(kind) : undefined;
  if (!job) throw new Error(`no job kind '${String(kind)}' is registered`);
  return job.schema.parse(data);
}

/** Runs any registered kind with its handler, each made once from `context`. */
export function createJobHandler(context: JobContext): (payload: JobPayload) => Promise<void> {
  const handlers = new Map([...JOB_OF_KIND].map(([kind, job]) => [kind, job.createHandler(context)]));
  return (payload) => handlers.get(payload.kind)!(payload);
}
