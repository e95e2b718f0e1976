import { randomUUID } from 'node:crypto';
import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance, type RouteOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type pg from 'pg';
import type pino from 'pino';
import { createAuth } from './auth/auth.ts';
import { registerAuthRoutes } from './auth/auth.routes.ts';
import { requireRole } from './auth/require-role.ts';
import { createFindSessionUser, createRequireSession } from './auth/require-session.ts';
import { warmConnections, type Database } from './db/client.ts';
import { createDatabaseProbe } from './db/database-unavailable.ts';
import type { Env } from './env.ts';
import { createApiKeyCipher } from './lib/api-key-cipher.ts';
import { registerApiKeyRoutes } from './features/api-keys/api-keys.routes.ts';
import { billingConfigOf } from './features/billing/billing-config.ts';
import { registerBillingRoutes } from './features/billing/billing.routes.ts';
import { registerDeviceRoutes } from './features/devices/devices.routes.ts';
import { registerEventRoutes } from './features/events/events.routes.ts';
import { takeInLeadsBeforeReadingThem } from './features/notifications/take-in-leads.ts';
import { startNotificationHub } from './features/events/notification-hub.ts';
import { registerEntityRoutes } from './features/entities/entities.routes.ts';
import { registerFlowRoutes } from './features/flows/flows.routes.ts';
import { registerHealthRoutes } from './features/health/health.routes.ts';
import { registerMeRoutes } from './features/me/me.routes.ts';
import { createApiKeyAuthenticator } from './features/api-keys/authenticate-api-key.ts';
import { registerHookRoutes } from './features/hooks/hooks.routes.ts';
import { createNotificationIngester } from './features/notifications/ingest-notification.ts';
import { createFillTimeTokens } from './features/spam/fill-time-token.ts';
import { registerFillTimeTokenRoutes } from './features/spam/fill-time-token.routes.ts';
import { createTurnstileVerifier } from './features/spam/turnstile.ts';
import { registerNotificationRoutes } from './features/notifications/notifications.routes.ts';
import type { ReceiveDependencies } from './features/notifications/receive-notification.ts';
import { registerUsageRoutes } from './features/usage/usage.routes.ts';
import { registerSetupRoutes } from './features/setup/setup.routes.ts';
import { registerDeliveryRoutes } from './features/deliveries/deliveries.routes.ts';
import { registerTeamRoutes } from './features/team/team.routes.ts';
import { registerLeadRoutes } from './features/leads/leads.routes.ts';
import { registerLeadNotesOutcomesRoutes } from './features/leads/lead-notes-outcomes.routes.ts';
import { registerInsightsRoutes } from './features/insights/insights.routes.ts';
import { registerReplyRoutes } from './features/replies/replies.routes.ts';
import { registerSlackRoutes } from './features/slack/slack.routes.ts';
import { smsProviderOf } from './features/sms/sms-provider.ts';
import { registerSmsRoutes } from './features/sms/sms.routes.ts';
import { registerVoiceRoutes } from './features/voice/voice.routes.ts';
import { voiceProviderOf } from './features/voice/voice-provider.ts';
import { registerWebhookRoutes } from './features/webhooks/webhooks.routes.ts';
import type { HostResolver } from './features/webhooks/webhook-address.ts';
import { createWebhookSender } from './features/webhooks/webhook-sender.ts';
import { registerApiReference } from './http/api-reference.ts';
import { registerErrorHandler } from './http/error-handler.ts';
import { registerOpenApi } from './http/openapi.ts';
import type { RouteContext } from './http/route-context.ts';
import { registerWebApp } from './http/web-app.ts';
import { startDeliveryQueue } from './jobs/delivery-queue.ts';
import { startDeliveryWorker } from './jobs/start-delivery-worker.ts';
import { pushServiceOriginsOf } from './features/deliveries/push-service-origins.ts';
import { startScheduler } from './jobs/start-scheduler.ts';
import { startUsageReporter } from './jobs/start-usage-reporter.ts';
import { startEscalationSweep } from './jobs/escalation-sweep.ts';
import { registerSpamRoutes } from './features/spam/spam.routes.ts';
import { startTelegramPolling } from './features/telegram/poll-telegram-updates.ts';
import { setTelegramWebhook } from './features/telegram/set-telegram-webhook.ts';
import { telegramConfigOf } from './features/telegram/telegram-config.ts';
import { registerTelegramRoutes } from './features/telegram/telegram.routes.ts';
import { systemClock, type Clock } from './lib/clock.ts';
import { createLogger, logEachRequest } from './lib/logger.ts';
import { addGauges, createMetrics, registerMetrics } from './http/metrics.ts';
import { registerSecurityHeaders } from './http/security-headers.ts';
import { toFastifyTrustProxy } from './http/trust-proxy.ts';
import type { EmbeddedPostgres } from './db/embedded-postgres.ts';
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
  /** The process's logger; by default one made from LOG_LEVEL and LOG_FORMAT. */
  log?: pino.Logger;
  /** The embedded PostgreSQL this process runs, if any (its restarts are a metric). */
  embedded?: Pick<EmbeddedPostgres, 'restarts'> | null;
  /** How outgoing webhooks resolve host names; tests map names to fixed addresses (decision 049). */
  webhookResolver?: HostResolver;
  /** The pools open warm connections and keep two each (decision 090): the server's, not a test's. */
  keepWarm?: boolean;
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
  log,
  embedded,
  webhookResolver,
  keepWarm = false,
}: AppDependencies): Promise<FastifyInstance> {
  const app = Fastify({
    // Typed as Fastify's base logger so the instance keeps its default type for every route module.
    loggerInstance: (log ?? createLogger({ level: env.LOG_LEVEL, format: env.LOG_FORMAT })) as FastifyBaseLogger,
    logController: new LogController({ disableRequestLogging: true }),
    genReqId: (request) => {
      const incoming = request.headers['x-request-id'];
      return typeof incoming === 'string' && /^[\w-]{1,64}$/.test(incoming) ? incoming : randomUUID();
    },
    requestIdHeader: false,
    trustProxy: toFastifyTrustProxy(env.TRUST_PROXY),
    bodyLimit: 64 * 1024,
  });
  if (onRoute) app.addHook('onRoute', onRoute);
  logEachRequest(app);
  registerSecurityHeaders(app, { publicUrl: env.PUBLIC_URL });
  const metrics = createMetrics();
  await registerMetrics(app, metrics, { token: env.METRICS_TOKEN, port: env.METRICS_PORT, host: env.HOST });
  app.decorateRequest('user', null);
  app.decorateRequest('errorCode', null);
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  const isDatabaseDown = createDatabaseProbe(pool);
  registerErrorHandler(app, isDatabaseDown);

  const mailer = createMailer({
    mailTransport: env.MAIL_TRANSPORT,
    smtpUrl: env.SMTP_URL,
    from: env.MAIL_FROM,
    log: app.log,
  });
  const trustedOrigins = trustedOriginsOf(env);
  const auth = createAuth({
    db,
    secret: secrets.authSecret,
    publicUrl: env.PUBLIC_URL,
    trustedOrigins,
    mailer,
    log: app.log,
  });

  const deliveryQueue = await startDeliveryQueue({
    databaseUrl,
    log: app.log,
    supervise: env.DELIVERY_WORKER,
    // A process without the worker takes no leads: its worker pools open only what it uses.
    keepWarm: keepWarm && env.DELIVERY_WORKER,
  });
  // Decision 090: once the server listens, the connections its pools keep open and plan the lead's
  // path, in the background, so that a restart answers no later for it; the request pool's first
  // connections, opened before the migrations, plan it now that they have run.
  let warmedConnections: Promise<unknown> = Promise.resolve();
  if (keepWarm)
    app.addHook('onListen', () => {
      warmedConnections = Promise.all([warmConnections(pool), deliveryQueue.warmConnections()]);
    });

  const context: RouteContext = {
    db,
    pool,
    cipher: createApiKeyCipher(secrets.apiKeyEncryptionKey),
    requireSession: createRequireSession(auth, db, trustedOrigins),
    requireAdmin: requireRole('admin'),
    deliveryQueue,
    clock,
    billing: await billingConfigOf(env),
  };
  // Before any route, as the OpenAPI document: both see routes as they are added.
  takeInLeadsBeforeReadingThem(app, db);
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
  // One authenticator and ingester for every ingestion route: a key's remembered state and its
  // rate (kept in PostgreSQL, decision 028) are the same whether it posts JSON, a form or to a
  // webhook address.
  const fillTimeTokens = createFillTimeTokens(secrets.authSecret);
  registerFillTimeTokenRoutes(app, { fillTimeTokens, clock });
  const receive: ReceiveDependencies = {
    db,
    apiKeys: createApiKeyAuthenticator(db),
    ingester: createNotificationIngester({
      db,
      pool,
      clock,
      rate: { ratePerSecond: env.NOTIFY_RATE_LIMIT, burst: env.NOTIFY_RATE_BURST },
      spam: env.SPAM_FILTER
        ? { fillTimeTokens, verifyTurnstile: createTurnstileVerifier(env.TURNSTILE_VERIFY_URL), cipher: context.cipher }
        : null,
    }),
    consoleOrigins: trustedOrigins,
    findSessionUser: createFindSessionUser(auth),
  };
  registerNotificationRoutes(app, context, receive);
  registerHookRoutes(app, context, { receive, publicUrl: env.PUBLIC_URL });
  registerUsageRoutes(app, context);
  registerBillingRoutes(app, context, { mailer, log: app.log });
  const sms = smsProviderOf(env);
  const telegram = telegramConfigOf(env);
  registerSetupRoutes(app, context, { channels: { telegram: telegram !== null, sms: sms !== null } });
  registerDeliveryRoutes(app, context);
  registerTeamRoutes(app, context, { mailer, publicUrl: env.PUBLIC_URL, log: app.log }, { auth, trustedOrigins });
  registerLeadRoutes(app, context);
  registerLeadNotesOutcomesRoutes(app, context);
  registerSpamRoutes(app, context);
  registerReplyRoutes(app, context, { mailer, visitorMailsPerMinute: env.VISITOR_MAILS_PER_MINUTE });
  registerInsightsRoutes(app, context);
  registerApiKeyRoutes(app, context);
  const webhookSender = createWebhookSender({
    allowPrivateNetworks: env.WEBHOOK_ALLOW_PRIVATE_NETWORKS,
    ...(webhookResolver && { resolve: webhookResolver }),
  });
  const webhooks = { sender: webhookSender, cipher: context.cipher, mailer, publicUrl: env.PUBLIC_URL, log: app.log };
  registerWebhookRoutes(app, context, {
    webhooks: { ...webhooks, db, queue: deliveryQueue },
    allowPrivateNetworks: env.WEBHOOK_ALLOW_PRIVATE_NETWORKS,
  });
  registerSlackRoutes(app, context, {
    webhooks: { ...webhooks, db, queue: deliveryQueue },
    allowPrivateNetworks: env.WEBHOOK_ALLOW_PRIVATE_NETWORKS,
  });
  registerSmsRoutes(app, context, { sms, codeKey: secrets.authSecret, publicUrl: env.PUBLIC_URL });
  registerVoiceRoutes(app, context, {
    voice: voiceProviderOf(env),
    publicUrl: env.PUBLIC_URL,
    allowedCountries: env.SMS_ALLOWED_COUNTRIES,
  });
  registerTelegramRoutes(app, context, { telegram, log: app.log });
  registerDeviceRoutes(app, context, {
    vapidPublicKey: secrets.vapidPublicKey,
    pushServiceHosts: env.PUSH_SERVICE_HOSTS,
    mailer,
    onDeviceRegistered: (endpoint) => warmPushServices([new URL(endpoint).origin]),
  });
  const hub = await startNotificationHub(databaseUrl, app.log);
  const worker = env.DELIVERY_WORKER
    ? startDeliveryWorker({
        queue: deliveryQueue,
        hub,
        mailer,
        env,
        secrets,
        pushCa,
        clock,
        onAttempt: (channel, outcome) => metrics.deliveries.inc({ channel, outcome }),
        webhooks,
      })
    : null;
  // Decisions 092 and 093: what a start's first lead would run for the first time, run once the
  // server listens: for each push service this installation's devices use (and a device's as it
  // registers) a VAPID signature and a connection, kept open; a sample lead's push built; and on
  // each connection the request pool keeps, once warm, a key's look-up and a lead up to its accept
  // rehearsed (nothing written). The server's, not a test's.
  function warmPushServices(origins: Iterable<string>): void {
    if (keepWarm && worker) void worker.warmPushServices(origins);
  }
  if (keepWarm)
    app.addHook('onListen', () => {
      worker?.warmUpPushes();
      void pushServiceOriginsOf(db, env.PUSH_SERVICE_HOSTS).then(warmPushServices, () => {});
      void rehearseRequests().catch(() => {});
    });
  async function rehearseRequests() {
    await warmedConnections;
    await Promise.all(
      Array.from({ length: pool.options.min ?? 1 }, async () => {
        await receive.apiKeys.warmUp();
        await receive.ingester.warmUp();
      }),
    );
  }
  const scheduler = env.DELIVERY_WORKER
    ? startScheduler({
        db,
        mailer,
        clock,
        publicUrl: env.PUBLIC_URL,
        intervalMs: env.SCHEDULER_INTERVAL_SECONDS * 1000,
        log: app.log,
      })
    : null;
  const usageReporter =
    env.DELIVERY_WORKER && context.billing
      ? startUsageReporter({
          db,
          billing: context.billing,
          clock,
          intervalMs: env.BILLING_USAGE_FLUSH_SECONDS * 1000,
          log: app.log,
        })
      : null;
  // Telegram's updates (decision 052): by webhook when PUBLIC_URL is https, else polled by workers.
  if (telegram?.useWebhook) void setTelegramWebhook(telegram, app.log);
  const telegramPolling =
    env.DELIVERY_WORKER && telegram && !telegram.useWebhook
      ? startTelegramPolling({ db, config: telegram, clock, log: app.log })
      : null;
  const escalationSweep = env.DELIVERY_WORKER
    ? startEscalationSweep({ queue: deliveryQueue, clock, log: app.log, subscribeWakeUps: hub.subscribeDeliveryJobs })
    : null;
  // One hook with an explicit order (Fastify runs separate onClose hooks last-added first): no new
  // jobs, then in-flight deliveries finish while push connections, live streams and mail are up.
  app.addHook('onClose', async () => {
    await scheduler?.stop();
    await usageReporter?.stop();
    await escalationSweep?.stop();
    await telegramPolling?.stop();
    await deliveryQueue.stop();
    await worker?.close();
    await webhookSender.close();
    await hub.stop();
    await mailer.close();
  });
  const openStreams = registerEventRoutes(app, context, hub);
  addGauges(metrics, { pool, openStreams, embeddedRestarts: embedded?.restarts ?? null });
  registerApiReference(app);
  if (env.WEB_DIST_DIR) {
    await registerWebApp(app, {
      distDir: env.WEB_DIST_DIR,
      publicUrl: env.PUBLIC_URL,
      supportEmail: env.SUPPORT_EMAIL,
      isBillingEnabled: context.billing !== null,
    });
  }
  return app;
}
