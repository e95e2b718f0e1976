import { fileURLToPath } from 'node:url';
import type pino from 'pino';
import { runCommand } from './cli/run-command.ts';
import { openDatabase } from './db/open-database.ts';
import { loadEnv } from './env.ts';
import { createLogger } from './lib/logger.ts';
import { loadSecrets } from './lib/secrets.ts';

const DEFAULT_WEB_DIST = fileURLToPath(new URL('../../web/dist', import.meta.url));

async function main(): Promise<void> {
  const env = loadEnv();
  env.WEB_DIST_DIR ??= DEFAULT_WEB_DIST;
  const log = createLogger({ level: env.LOG_LEVEL, format: env.LOG_FORMAT });
  const secrets = await loadSecrets(env.DATA_DIR, {
    authSecret: env.AUTH_SECRET,
    apiKeyEncryptionKey: env.API_KEY_ENCRYPTION_KEY,
    vapidPublicKey: env.VAPID_PUBLIC_KEY,
    vapidPrivateKey: env.VAPID_PRIVATE_KEY,
  });

  // The app and its packages load while the database starts (an embedded PostgreSQL takes about
  // as long to start as they take to load): a restart in about half the time (issue 45). Should
  // the database fail (a second server on the same data folder), that is what is reported.
  const modules = Promise.all([import('./db/migrate.ts'), import('./app.ts')]);
  modules.catch(() => {});
  // The fatal line is logged; a supervisor (systemd, Docker) starts everything afresh.
  const database = await openDatabase(env, secrets, log, { onUnrecoverable: () => process.exit(1), keepWarm: true });
  try {
    const [{ runMigrations }, { buildApp }] = await modules;
    await runMigrations(database);
    const app = await buildApp({ env, secrets, log, keepWarm: true, ...database });
    // After the app's own onClose hooks (Fastify runs those last-added first): in-flight requests,
    // deliveries and live streams finish while the database is still up.
    installShutdown(async () => {
      await app.close();
      await database.close();
      log.info('stopped');
    }, log);
    await app.listen({ port: env.PORT, host: env.HOST });
    log.info(`Leadbell is running at ${env.PUBLIC_URL}`);
  } catch (error) {
    await database.close().catch(() => {});
    throw error;
  }
}

/** SIGTERM/SIGINT: stop accepting, finish in-flight requests, close the database, exit. A second signal exits at once. */
function installShutdown(close: () => Promise<unknown>, log: pino.Logger): void {
  let stopping = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (stopping) process.exit(1);
    stopping = true;
    log.info({ signal }, 'shutting down');
    const forced = setTimeout(() => {
      log.error('shutdown took longer than 10 s; exiting');
      process.exit(1);
    }, 10_000);
    forced.unref();
    close().then(
      () => process.exit(0),
      (error: unknown) => {
        log.error({ err: error }, 'error during shutdown');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', onSignal);
  process.on('SIGINT', onSignal);
}

await runCommand(main);
