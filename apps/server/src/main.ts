import { fileURLToPath } from 'node:url';
import pino from 'pino';
import { buildApp } from './app.ts';
import { createDatabaseClient } from './db/client.ts';
import { DataDirInUseError, startEmbeddedPostgres, type EmbeddedPostgres } from './db/embedded-postgres.ts';
import { runMigrations } from './db/migrate.ts';
import { loadEnv } from './env.ts';
import { loadSecrets } from './lib/secrets.ts';

const DEFAULT_WEB_DIST = fileURLToPath(new URL('../../web/dist', import.meta.url));

async function main(): Promise<void> {
  const env = loadEnv();
  env.WEB_DIST_DIR ??= DEFAULT_WEB_DIST;
  const log = pino({ level: env.LOG_LEVEL });
  const secrets = await loadSecrets(env.DATA_DIR, {
    authSecret: env.AUTH_SECRET,
    apiKeyEncryptionKey: env.API_KEY_ENCRYPTION_KEY,
    vapidPublicKey: env.VAPID_PUBLIC_KEY,
    vapidPrivateKey: env.VAPID_PRIVATE_KEY,
  });

  let embedded: EmbeddedPostgres | null = null;
  if (!env.DATABASE_URL) {
    embedded = await startEmbeddedPostgres({
      dataDir: env.DATA_DIR,
      password: secrets.embeddedPostgresPassword,
      log,
      // The fatal line is logged; a supervisor (systemd, Docker) starts everything afresh.
      onUnrecoverable: () => process.exit(1),
    });
  }
  const databaseUrl = env.DATABASE_URL ?? embedded!.connectionString;
  const client = createDatabaseClient(databaseUrl, { max: env.DATABASE_POOL_SIZE });
  const stopDatabase = async () => {
    await client.pool.end();
    await embedded?.stop();
  };

  try {
    await runMigrations(client);
    const app = await buildApp({ env, secrets, databaseUrl, ...client });
    app.addHook('onClose', stopDatabase);
    installShutdown(app.close.bind(app), log);
    await app.listen({ port: env.PORT, host: env.HOST });
    log.info(`Leadbell is running at ${env.PUBLIC_URL}`);
  } catch (error) {
    await stopDatabase().catch(() => {});
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

main().catch((error: unknown) => {
  if (
    error instanceof DataDirInUseError ||
    (error instanceof Error && error.message.startsWith('Invalid environment'))
  ) {
    console.error(`\n${error.message}\n`);
  } else {
    console.error(error);
  }
  process.exit(1);
});
