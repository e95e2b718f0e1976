import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createDatabaseClient } from '../db/client.ts';
import { JOB_RETRY, type JobContext } from './job-definition.ts';
import { createJobHandler, JOBS, parseJob, QUEUE_RETRY, queueRetryOf } from './job-registry.ts';

describe('job registry', () => {
  it('registers each kind once', () => {
    const kinds = JOBS.map((job) => job.kind);
    expect(new Set(kinds).size).toBe(kinds.length);
  });

  it('parses a job by its own kind’s schema', () => {
    const webhook = { kind: 'webhook', deliveryId: randomUUID(), attempt: 2 };
    expect(parseJob(webhook)).toEqual(webhook);
    // Queued before decision 067: still parsed, so that such a job waiting at an upgrade runs.
    const legacy = { kind: 'deliveries', deliveryIds: [randomUUID()], lane: 'sms' };
    expect(parseJob(legacy)).toEqual(legacy);
  });

  it('refuses a job of no registered kind, or one its kind’s schema refuses', () => {
    expect(() => parseJob({ kind: 'intake' })).toThrow("no job kind 'intake' is registered");
    expect(() => parseJob(null)).toThrow('no job kind');
    expect(() => parseJob({ kind: 'webhook', deliveryId: 'not-a-uuid', attempt: 0 })).toThrow();
  });

  it('creates the queues with the one retry policy every kind names, and refuses a kind that names another', () => {
    expect(QUEUE_RETRY).toEqual(JOB_RETRY);
    expect(() =>
      queueRetryOf([
        { kind: 'webhook', retry: JOB_RETRY },
        { kind: 'test', retry: { ...JOB_RETRY, retryLimit: 0 } },
      ]),
    ).toThrow("job kind 'test' names a retry policy of its own");
  });

  it('runs each kind with its own handler', async () => {
    const tested: string[] = [];
    // Handlers prepare their statements when made; none reaches this database, which does not exist.
    const { db, pool } = createDatabaseClient('postgres://127.0.0.1:1/none', { max: 1 });
    const context = {
      queue: { db, channelsDb: db },
      env: { VISITOR_MAILS_PER_MINUTE: 1 },
      deliverer: { sendTest: async (subscriptionId: string) => void tested.push(subscriptionId) },
    } as unknown as JobContext;
    const handle = createJobHandler(context);
    const subscriptionId = randomUUID();
    await handle({ kind: 'test', subscriptionId });
    expect(tested).toEqual([subscriptionId]);
    await expect(handle({ kind: 'delivery', deliveryId: randomUUID(), attempt: 0 })).resolves.toBeUndefined();
    await pool.end();
  });
});
