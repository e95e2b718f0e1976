import path from 'node:path';
import { z } from 'zod';

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  /** Where browsers reach the server; used for auth origins and links in mails. */
  PUBLIC_URL: z.url().optional(),
  DATABASE_URL: z.url().optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  /** Connections per process; several processes share the server's max_connections. */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(2).max(200).default(10),
  SMTP_URL: z.url().optional(),
  MAIL_FROM: z.string().min(3).default('Leadbell <no-reply@leadbell.local>'),
  AUTH_SECRET: z.string().min(32, 'AUTH_SECRET must be at least 32 characters').optional(),
  API_KEY_ENCRYPTION_KEY: z
    .string()
    .regex(/^[0-9a-f]{64}$/i, 'API_KEY_ENCRYPTION_KEY must be 64 hex characters (32 bytes)')
    .optional(),
  /** Set when a reverse proxy in front sets X-Forwarded-For; the client IP keys the rate limits. */
  TRUST_PROXY: z
    .enum(['true', 'false'])
    .default('false')
    .transform((value) => value === 'true'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Serves /metrics on the main port to `Authorization: Bearer <METRICS_TOKEN>`. */
  METRICS_TOKEN: z.string().min(16, 'METRICS_TOKEN must be at least 16 characters').optional(),
  /** Serves /metrics without a token on this port instead (keep it off the internet). */
  METRICS_PORT: z.coerce.number().int().min(1).max(65_535).optional(),
  /** `pretty` (one readable line each) or `json`; unset: pretty in a terminal, JSON otherwise. */
  LOG_FORMAT: z.enum(['pretty', 'json']).optional(),
  /** The support address shown on the legal pages and used as the VAPID contact. */
  SUPPORT_EMAIL: z.email().default('support@leadbell.app'),
  /** Accepted notifications per second per API key, sustained; bursts up to NOTIFY_RATE_BURST. */
  NOTIFY_RATE_LIMIT: z.coerce.number().positive().default(20),
  NOTIFY_RATE_BURST: z.coerce.number().int().positive().default(100),
  /** Web Push keys; generated on first run and kept in DATA_DIR/secrets.json when not given. */
  VAPID_PUBLIC_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{87}$/, 'VAPID_PUBLIC_KEY must be a base64url P-256 public key')
    .optional(),
  VAPID_PRIVATE_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{43}$/, 'VAPID_PRIVATE_KEY must be a base64url P-256 private key')
    .optional(),
  /**
   * Hosts push subscriptions may point at (comma-separated; `*.` allows subdomains). Only these are
   * ever contacted, so a subscription cannot make the server call an internal address.
   */
  PUSH_SERVICE_HOSTS: z
    .string()
    .default('fcm.googleapis.com,*.push.apple.com,updates.push.services.mozilla.com,*.notify.windows.com')
    .transform((value) =>
      value
        .split(',')
        .map((host) => host.trim().toLowerCase())
        .filter(Boolean),
    ),
  /** How long a push service keeps an undelivered notification; retries stop when it runs out. */
  PUSH_TTL_SECONDS: z.coerce.number().int().min(60).max(2_419_200).default(86_400),
  /** Runs the delivery worker in this process; turn off for API-only processes. */
  DELIVERY_WORKER: z
    .enum(['true', 'false'])
    .default('true')
    .transform((value) => value === 'true'),
  /** How often a worker process looks for digests that are due: the morning summary, the weekly email. */
  SCHEDULER_INTERVAL_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  /** Directory of the built web app; empty disables serving it (API-only processes). */
  WEB_DIST_DIR: z.string().optional(),
});

export type Env = z.infer<typeof EnvSchema> & { PUBLIC_URL: string; DATA_DIR: string };

/** Parses the environment once at boot and fails with every problem listed, not just the first. */
export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const blankAsUnset = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== ''));
  const parsed = EnvSchema.safeParse(blankAsUnset);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  - ${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid environment:\n${lines.join('\n')}`);
  }
  const env = parsed.data;
  // `npm start` runs the server inside apps/server; relative paths mean where the person ran npm.
  const invokedFrom = source.INIT_CWD ?? process.cwd();
  return {
    ...env,
    DATA_DIR: path.resolve(invokedFrom, env.DATA_DIR),
    PUBLIC_URL: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ''),
  };
}
