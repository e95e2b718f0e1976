import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type pg from 'pg';
import { createAuth } from './auth/auth.ts';
import { registerAuthRoutes } from './auth/auth.routes.ts';
import { requireRole } from './auth/require-role.ts';
import { createRequireSession } from './auth/require-session.ts';
import type { Database } from './db/client.ts';
import { createDatabaseProbe } from './db/database-unavailable.ts';
import type { Env } from './env.ts';
import { createApiKeyCipher } from './features/api-keys/api-key-cipher.ts';
import { registerApiKeyRoutes } from './features/api-keys/api-keys.routes.ts';
import { registerDeviceRoutes } from './features/devices/devices.routes.ts';
import { registerEventRoutes } from './features/events/events.routes.ts';
import { createCommitAnnouncer } from './features/events/commit-announcer.ts';
import { startNotificationHub } from './features/events/notification-hub.ts';
import { registerEntityRoutes } from './features/entities/entities.routes.ts';
import { registerFlowRoutes } from './features/flows/flows.routes.ts';
import { registerHealthRoutes } from './features/health/health.routes.ts';
import { registerMeRoutes } from './features/me/me.routes.ts';
import { createApiKeyAuthenticator } from './features/api-keys/authenticate-api-key.ts';
import { registerHookRoutes } from './features/hooks/hooks.routes.ts';
import { createNotificationIngester } from './features/notifications/ingest-notification.ts';
import { createRateLimiter } from './features/notifications/notify-rate-limiter.ts';
import { registerNotificationRoutes } from './features/notifications/notifications.routes.ts';
import type { ReceiveDependencies } from './features/notifications/receive-notification.ts';
import { registerUsageRoutes } from './features/usage/usage.routes.ts';
import { registerSetupRoutes } from './features/setup/setup.routes.ts';
import { registerDeliveryRoutes } from './features/deliveries/deliveries.routes.ts';
import { registerTeamRoutes } from './features/team/team.routes.ts';
import { registerLeadRoutes } from './features/leads/leads.routes.ts';
import { registerInsightsRoutes } from './features/insights/insights.routes.ts';
import { registerApiReference } from './http/api-reference.ts';
import { registerErrorHandler } from './http/error-handler.ts';
import { registerOpenApi } from './http/openapi.ts';
import type { RouteContext } from './http/route-context.ts';
import { registerWebApp } from './http/web-app.ts';
import { startDeliveryQueue } from './jobs/delivery-queue.ts';
import { startDeliveryWorker } from './jobs/start-delivery-worker.ts';
import { startScheduler } from './jobs/start-scheduler.ts';
import { systemClock, type Clock } from './lib/clock.ts';
import type { Secrets } from './lib/secrets.ts';
import { createMailer } from './mail/mailer.ts';

export type AppDependencies = {
  env: Env;
  secrets: Secrets;
  db: Database;
  pool: pg.Pool;
  /** For connections outside the request pool: the live-events LISTEN and the delivery queue's own pool. */
  databaseUrl: string;
  /** An extra certificate (PEM) the push sender trusts: a local push service in tests. */
  pushCa?: string;
  /** Told about every route as it is added: tests check that each API route is documented. */
  onRoute?: (route: RouteOptions) => void;
  /** Where the server reads the time (decision 025); tests pass one they move. */
  clock?: Clock;
};

/** Origins allowed to call the auth endpoints: the public URL and, locally, its loopback twins and the Vite dev server. */
function trustedOriginsOf(env: Env): string[] {
  const origins = new Set([env.PUBLIC_URL]);
  const url = new URL(env.PUBLIC_URL);
  if (['localhost', '127.0.0.1'].includes(url.hostname)) {
    for (const host of ['localhost', '127.0.0.1'])
      origins.add(`${url.protocol}//${host}${url.port ? `:${url.port}` : ''}`);
    if (env.NODE_ENV === 'development') origins.add('http://localhost:5173');
  }
  return [...origins];
}

/** Builds the HTTP app. Order matters: compilers, error handler, API routes, then the web app's catch-all. */
export async function buildApp({
  env,
  secrets,
  db,
  pool,
  databaseUrl,
  pushCa,
  onRoute,
  clock = systemClock,
}: AppDependencies): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: env.LOG_LEVEL,
      redact: ['req.headers.authorization', 'req.headers.cookie', 'req.headers["x-api-key"]'],
    },
    genReqId: (request) => {
      const incoming = request.headers['x-request-id'];
      return typeof incoming === 'string' && /^[\w-]{1,64}$/.test(incoming) ? incoming : randomUUID();
    },
    requestIdHeader: false,
    trustProxy: env.TRUST_PROXY,
    bodyLimit: 64 * 1024,
  });
  if (onRoute) app.addHook('onRoute', onRoute);
  app.decorateRequest('user', null);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  const isDatabaseDown = createDatabaseProbe(pool);
  registerErrorHandler(app, isDatabaseDown);

  const mailer = createMailer({ smtpUrl: env.SMTP_URL, from: env.MAIL_FROM, log: app.log });
  app.addHook('onClose', async () => mailer.close());
  const trustedOrigins = trustedOriginsOf(env);
  const auth = createAuth({
    db,
    secret: secrets.authSecret,
    publicUrl: env.PUBLIC_URL,
    trustedOrigins,
    mailer,
    log: app.log,
  });

  const deliveryQueue = await startDeliveryQueue({ databaseUrl, log: app.log, supervise: env.DELIVERY_WORKER });
  // Registered before the hub's and the database's: in-flight deliveries finish while both are still up.
  app.addHook('onClose', async () => deliveryQueue.stop());
  const announcer = createCommitAnnouncer(pool, app.log);
  app.addHook('onClose', async () => announcer.flush());

  const context: RouteContext = {
    db,
    pool,
    cipher: createApiKeyCipher(secrets.apiKeyEncryptionKey),
    requireSession: createRequireSession(auth, db),
    requireAdmin: requireRole('admin'),
    deliveryQueue,
    announcer,
    clock,
  };
  // Before any route: the OpenAPI document collects routes as they are added.
  await registerOpenApi(app, {
    publicUrl: env.PUBLIC_URL,
    sessionGuard: context.requireSession,
    adminGuard: context.requireAdmin,
  });
  registerHealthRoutes(app, { pool });
  registerAuthRoutes(app, { auth, db, publicUrl: env.PUBLIC_URL, trustedOrigins, isDatabaseDown });
  registerMeRoutes(app, context);
  registerEntityRoutes(app, context);
  registerFlowRoutes(app, context);
  // One authenticator, ingester and rate limiter for every ingestion route: a key's remembered
  // state and its rate are the same whether it posts JSON, a form or to a webhook address.
  const receive: ReceiveDependencies = {
    db,
    apiKeys: createApiKeyAuthenticator(db),
    ingester: createNotificationIngester({ db, pool, queue: deliveryQueue, announcer, clock }),
    rateLimiter: createRateLimiter({ ratePerSecond: env.NOTIFY_RATE_LIMIT, burst: env.NOTIFY_RATE_BURST }),
    consoleOrigins: trustedOrigins,
  };
  registerNotificationRoutes(app, context, receive);
  registerHookRoutes(app, context, { receive, publicUrl: env.PUBLIC_URL });
  registerUsageRoutes(app, context);
  registerSetupRoutes(app, context, { canSendEmail: Boolean(env.SMTP_URL) });
  registerDeliveryRoutes(app, context);
  registerTeamRoutes(app, context, { mailer, publicUrl: env.PUBLIC_URL, log: app.log });
  registerLeadRoutes(app, context);
  registerInsightsRoutes(app, context);
  registerApiKeyRoutes(app, context);
  registerDeviceRoutes(app, context, {
    vapidPublicKey: secrets.vapidPublicKey,
    pushServiceHosts: env.PUSH_SERVICE_HOSTS,
  });
  const hub = await startNotificationHub(databaseUrl, app.log);
  app.addHook('onClose', async () => hub.stop());
  if (env.DELIVERY_WORKER) {
    const worker = startDeliveryWorker({ queue: deliveryQueue, hub, mailer, env, secrets, pushCa, clock });
    const scheduler = startScheduler({
      db,
      mailer,
      clock,
      publicUrl: env.PUBLIC_URL,
      intervalMs: env.SCHEDULER_INTERVAL_SECONDS * 1000,
      log: app.log,
    });
    app.addHook('onClose', async () => scheduler.stop());
    app.addHook('onClose', async () => worker.close());
  }
  registerEventRoutes(app, context, hub);
  registerApiReference(app);
  if (env.WEB_DIST_DIR) {
    await registerWebApp(app, {
      distDir: env.WEB_DIST_DIR,
      publicUrl: env.PUBLIC_URL,
      supportEmail: env.SUPPORT_EMAIL,
    });
  }
  return app;
}
