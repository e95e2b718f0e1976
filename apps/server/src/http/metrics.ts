import { timingSafeEqual } from 'node:crypto';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import fastifyMetrics from 'fastify-metrics';
import type pg from 'pg';
import { Counter, Gauge, Registry } from 'prom-client';
import { sendApiError } from './error-handler.ts';
import { isIngestionRequest } from './ingestion-routes.ts';
import { DELIVERY_LANES, laneOf, QUEUE_OF_LANE, type DeliveryLane } from '../jobs/deliver-notification.job.ts';

/** The product's own counters; each app has its own registry (tests run several apps in one process). */
export type Metrics = {
  registry: Registry;
  notificationsAccepted: Counter<'route'>;
  notificationsRejected: Counter<'reason'>;
  deliveries: Counter<'channel' | 'outcome'>;
};

export function createMetrics(): Metrics {
  const registry = new Registry();
  return {
    registry,
    notificationsAccepted: new Counter({
      name: 'leadbell_notifications_accepted_total',
      help: 'Notifications accepted by the ingestion API (202 or a form redirect), by route.',
      labelNames: ['route'],
      registers: [registry],
    }),
    notificationsRejected: new Counter({
      name: 'leadbell_notifications_rejected_total',
      help: 'Ingestion calls refused, by the error code answered (validation_error, rate_limited, not_found, …).',
      labelNames: ['reason'],
      registers: [registry],
    }),
    deliveries: new Counter({
      name: 'leadbell_delivery_attempts_total',
      help: 'Delivery attempts by channel (push, email) and outcome (delivered, retry, gone, failed).',
      labelNames: ['channel', 'outcome'],
      registers: [registry],
    }),
  };
}

/** What the gauges read from the running process and its database at each scrape. */
export type MetricsSources = {
  pool: pg.Pool;
  openStreams: () => number;
  embeddedRestarts: (() => number) | null;
};

/** Gauges read at each scrape from the running process and its database. */
export function addGauges({ registry }: Metrics, { pool, openStreams, embeddedRestarts }: MetricsSources): void {
  new Gauge({
    name: 'leadbell_live_streams_open',
    help: 'Live console streams (Server-Sent Events) open on this process.',
    registers: [registry],
    collect() {
      this.set(openStreams());
    },
  });
  new Gauge({
    name: 'leadbell_database_pool_connections',
    help: 'Connections of this process’s database pool, by state (in_use, idle, waiting requests).',
    labelNames: ['state'],
    registers: [registry],
    collect() {
      this.set({ state: 'in_use' }, pool.totalCount - pool.idleCount);
      this.set({ state: 'idle' }, pool.idleCount);
      this.set({ state: 'waiting' }, pool.waitingCount);
    },
  });
  // Work that is due and not finished: the backlog, whichever process works it: pg-boss's jobs,
  // jobs still waiting in job_outbox to be moved into pg-boss (decision 034), and pending
  // deliveries (decision 067; a delivery's lane is its channel's), by lane (decision 054):
  // a burst may leave a channel's lane behind while pushes keep up, and an alert on the push
  // lane's oldest job should not fire for it. A pg-boss job's lane is its queue's; an outbox job's
  // is laneOf's, from the fields it is read from. Scheduled escalations count once their time has
  // come. Both gauges are collected at once in a scrape, so they share one query in flight.
  const laneOfQueue = new Map(Object.entries(QUEUE_OF_LANE).map(([lane, queue]) => [queue, lane as DeliveryLane]));
  type Backlog = Map<DeliveryLane, { depth: number; oldest: number }>;
  let backlogInFlight: Promise<Backlog> | null = null;
  const backlog = () =>
    (backlogInFlight ??= pool
      .query<{ queue: string | null; kind: string | null; lane: string | null; depth: number; oldest: number }>(
        `select queue, kind, lane, count(*)::int as depth, extract(epoch from now() - min(start_after))::float8 as oldest
           from (select name as queue, null as kind, null as lane, start_after
                   from pgboss.job where state in ('created', 'retry', 'active')
                 union all
                 select null, data ->> 'kind', data ->> 'lane', start_after from job_outbox
                 union all
                 select null, 'delivery', leadbell_lane_of_channel(channel), due_at from deliveries
                  where status = 'pending') jobs
          where start_after <= now()
          group by queue, kind, lane`,
      )
      .then(({ rows }) => {
        const figures: Backlog = new Map();
        for (const { queue, kind, lane, depth, oldest } of rows) {
          const of = queue === null ? laneOf({ kind, lane }) : laneOfQueue.get(queue);
          if (!of) continue;
          const sum = figures.get(of);
          figures.set(of, { depth: (sum?.depth ?? 0) + depth, oldest: Math.max(sum?.oldest ?? 0, oldest) });
        }
        return figures;
      })
      .finally(() => (backlogInFlight = null)));
  new Gauge({
    name: 'leadbell_queue_depth',
    help: 'Due jobs not yet finished, across every process, by lane: push (pushes, emails, escalations, alerts), webhooks (and Slack), telegram, sms.',
    labelNames: ['lane'],
    registers: [registry],
    async collect() {
      const figures = await backlog();
      for (const lane of DELIVERY_LANES) this.set({ lane }, figures.get(lane)?.depth ?? 0);
    },
  });
  new Gauge({
    name: 'leadbell_queue_oldest_job_age_seconds',
    help: 'How long the oldest due, unfinished job has waited, by lane (0 when none).',
    labelNames: ['lane'],
    registers: [registry],
    async collect() {
      const figures = await backlog();
      for (const lane of DELIVERY_LANES) this.set({ lane }, figures.get(lane)?.oldest ?? 0);
    },
  });
  if (embeddedRestarts) {
    new Gauge({
      name: 'leadbell_embedded_database_restarts',
      help: 'Times this process restarted its embedded PostgreSQL after it stopped unexpectedly.',
      registers: [registry],
      collect() {
        this.set(embeddedRestarts());
      },
    });
  }
}

/** Counts each ingestion call once its answer has gone, with the error code it was refused with. */
function countIngestion(app: FastifyInstance, metrics: Metrics): void {
  app.addHook('onResponse', (request, reply, done) => {
    if (isIngestionRequest(request)) {
      if (reply.statusCode < 400) metrics.notificationsAccepted.inc({ route: request.routeOptions.url! });
      else metrics.notificationsRejected.inc({ reason: request.errorCode ?? `http_${reply.statusCode}` });
    }
    done();
  });
}

function hasToken(request: FastifyRequest, token: string): boolean {
  const given = Buffer.from(request.headers.authorization ?? '');
  const expected = Buffer.from(`Bearer ${token}`);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * Prometheus metrics (fastify-metrics over prom-client): request durations by route, process
 * defaults and the product's own. Served at /metrics on the main port to holders of METRICS_TOKEN,
 * or without a token on METRICS_PORT (a port kept off the internet); neither set, not served.
 * Registered before the routes: the plugin learns each route as it is added.
 */
export async function registerMetrics(
  app: FastifyInstance,
  metrics: Metrics,
  { token, port, host }: { token: string | undefined; port: number | undefined; host: string },
): Promise<void> {
  countIngestion(app, metrics);
  const { registry } = metrics;
  await app.register(fastifyMetrics, {
    endpoint:
      token && !port
        ? {
            url: '/metrics',
            method: 'GET',
            logLevel: 'warn',
            schema: { hide: true },
            onRequest: async (request, reply) => {
              if (!hasToken(request, token))
                return sendApiError(reply, 401, {
                  code: 'unauthorized',
                  message: 'A valid metrics token is required.',
                });
            },
            handler: async () => undefined,
          }
        : null,
    defaultMetrics: { enabled: true, register: registry },
    routeMetrics: {
      enabled: { histogram: true, summary: false },
      // The summary is created even when disabled: it too must stay out of prom-client's global registry.
      overrides: {
        histogram: { registers: [registry], buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5] },
        summary: { registers: [registry] },
      },
    },
  });
  if (!port) return;
  const metricsServer = Fastify({ logger: false });
  metricsServer.get('/metrics', async (_request, reply) =>
    reply.type(registry.contentType).send(await registry.metrics()),
  );
  await metricsServer.listen({ port, host });
  app.addHook('onClose', async () => metricsServer.close());
}
