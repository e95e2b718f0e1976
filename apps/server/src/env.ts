import path from 'node:path';
import { z } from 'zod';

/** TRUST_PROXY parsed: no proxy, a hop count, or the proxies' addresses (http/trust-proxy.ts hands it to Fastify). */
export type TrustProxy = false | number | string[];

/** `smtp`: sent through SMTP_URL. `log`: printed to the server output (for a machine of one's own). */
export type MailTransport = 'smtp' | 'log';

// proxy-addr (Fastify's trustProxy) also knows these names for the private and loopback ranges.
const ProxyAddressSchema = z.union([
  z.ipv4(),
  z.ipv6(),
  z.cidrv4(),
  z.cidrv6(),
  z.enum(['loopback', 'linklocal', 'uniquelocal']),
]);

/**
 * `true` is exactly one proxy, never "trust every hop": Fastify's `trustProxy: true` takes the
 * left-most X-Forwarded-For entry, which the client writes, so a client could pick its own address
 * per request and walk past every per-address limit (docs/decisions/032-proxy-trust-and-mail-transport.md).
 */
function parseTrustProxy(value: string, ctx: z.core.$RefinementCtx<string>): TrustProxy {
  const setting = value.trim().toLowerCase();
  if (setting === 'false') return false;
  if (setting === 'true') return 1;
  if (/^\d+$/.test(setting)) return Number(setting) === 0 ? false : Number(setting);
  const proxies = setting
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  const invalid = proxies.filter((entry) => !ProxyAddressSchema.safeParse(entry).success);
  if (proxies.length === 0 || invalid.length > 0) {
    const detail = invalid.length > 0 ? ` (not an address or CIDR: ${invalid.join(', ')})` : '';
    ctx.addIssue({
      code: 'custom',
      message: `must be false, true (one proxy), a hop count, or comma-separated proxy addresses/CIDRs${detail}`,
    });
    return z.NEVER;
  }
  return proxies;
}

const DEFAULT_SMS_COUNTRIES = 'US,CA,GB,IE,AU,NZ';

/** SMS_ALLOWED_COUNTRIES parsed: upper-case ISO 3166 alpha-2 codes, in the order given. */
function parseCountryList(value: string, ctx: z.core.$RefinementCtx<string>): string[] {
  const codes = value
    .split(',')
    .map((code) => code.trim().toUpperCase())
    .filter(Boolean);
  const invalid = codes.filter((code) => !/^[A-Z]{2}$/.test(code));
  if (codes.length === 0 || invalid.length > 0) {
    ctx.addIssue({
      code: 'custom',
      message: `must be comma-separated two-letter country codes (US,GB)${invalid.length > 0 ? `, not ${invalid.join(', ')}` : ''}`,
    });
    return z.NEVER;
  }
  return [...new Set(codes)];
}

const LOCAL_HOSTNAMES = new Set(['localhost', '127.0.0.1', '[::1]']);

/** Where mail goes; null when nothing says, and printing it could leak codes on a public server. */
function mailTransportOf({
  PUBLIC_URL,
  SMTP_URL,
  MAIL_TRANSPORT,
}: {
  PUBLIC_URL?: string | undefined;
  SMTP_URL?: string | undefined;
  MAIL_TRANSPORT?: MailTransport | undefined;
}): MailTransport | null {
  if (MAIL_TRANSPORT === 'log') return 'log';
  if (SMTP_URL) return 'smtp';
  if (MAIL_TRANSPORT === 'smtp') return null;
  // The default PUBLIC_URL is http://localhost:$PORT: the README's quick start prints its mail.
  if (PUBLIC_URL === undefined) return 'log';
  if (!URL.canParse(PUBLIC_URL)) return null;
  const url = new URL(PUBLIC_URL);
  return url.protocol === 'http:' && LOCAL_HOSTNAMES.has(url.hostname) ? 'log' : null;
}

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
  /** `smtp` or `log`; unset, it follows from SMTP_URL and PUBLIC_URL (mailTransportOf). */
  MAIL_TRANSPORT: z.enum(['smtp', 'log']).optional(),
  MAIL_FROM: z.string().min(3).default('Leadbell <no-reply@leadbell.local>'),
  AUTH_SECRET: z.string().min(32, 'AUTH_SECRET must be at least 32 characters').optional(),
  API_KEY_ENCRYPTION_KEY: z
    .string()
    .regex(/^[0-9a-f]{64}$/i, 'API_KEY_ENCRYPTION_KEY must be 64 hex characters (32 bytes)')
    .optional(),
  /**
   * Which hops in front may say who the client is (X-Forwarded-For): `false` (none), `true` (one
   * proxy), a hop count, or the proxies' addresses/CIDRs. That address keys the sign-in lockout and
   * the rate limits.
   */
  TRUST_PROXY: z.string().default('false').transform(parseTrustProxy),
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
  /**
   * Judges every incoming lead for spam (decision 039). `false` rings every lead, as before the
   * filter: for a private API whose callers are all trusted, and for the benchmark's baseline.
   */
  SPAM_FILTER: z
    .enum(['true', 'false'])
    .default('true')
    .transform((value) => value === 'true'),
  /** Cloudflare Turnstile's siteverify endpoint; tests point it at a local fake. */
  TURNSTILE_VERIFY_URL: z.url().default('https://challenges.cloudflare.com/turnstile/v0/siteverify'),
  /**
   * Lets outgoing webhooks reach private, loopback and link-local addresses and plain http://
   * (decision 049): for tests and self-hosted networks only; off, endpoints must be https to public addresses.
   */
  WEBHOOK_ALLOW_PRIVATE_NETWORKS: z
    .enum(['true', 'false'])
    .default('false')
    .transform((value) => value === 'true'),
  /** Turns Telegram on (decision 052): the bot's token from @BotFather; unset, members cannot link Telegram. */
  TELEGRAM_BOT_TOKEN: z.string().min(8).optional(),
  /** The bot's @username without the @, for the deep link https://t.me/<bot>?start=<token>. */
  TELEGRAM_BOT_USERNAME: z
    .string()
    .regex(/^[A-Za-z0-9_]{3,64}$/, 'the bot username without the @')
    .optional(),
  /** Where the Bot API is called; tests point it at a local fake. */
  TELEGRAM_API_URL: z.url().default('https://api.telegram.org'),
  /** Runs the delivery worker in this process; turn off for API-only processes. */
  DELIVERY_WORKER: z
    .enum(['true', 'false'])
    .default('true')
    .transform((value) => value === 'true'),
  /** How often a worker process looks for digests that are due: the morning summary, the weekly email. */
  SCHEDULER_INTERVAL_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  /** Turns billing on (decision 050); unset, billing is off: every plan is free to choose (self-hosting). */
  STRIPE_SECRET_KEY: z.string().min(8).optional(),
  /** Verifies `POST /v1/billing/stripe-webhook`; the endpoint refuses every event without it. */
  STRIPE_WEBHOOK_SECRET: z.string().min(8).optional(),
  /** Where the Stripe client connects (host, port and protocol); tests point it at a local fake. */
  STRIPE_API_URL: z.url().default('https://api.stripe.com'),
  /** The monthly Price of each paid plan (`npm run billing:setup` prints them). */
  STRIPE_PRICE_GROWTH: z.string().min(3).optional(),
  STRIPE_PRICE_PRO: z.string().min(3).optional(),
  STRIPE_PRICE_ELITE: z.string().min(3).optional(),
  /** Each paid plan's metered overage Price on the meter; unset, overage is reported but not added to Checkout. */
  STRIPE_OVERAGE_PRICE_GROWTH: z.string().min(3).optional(),
  STRIPE_OVERAGE_PRICE_PRO: z.string().min(3).optional(),
  STRIPE_OVERAGE_PRICE_ELITE: z.string().min(3).optional(),
  /** The Stripe meter's event name overage is reported under. */
  STRIPE_METER_EVENT_NAME: z.string().min(1).default('leadbell_notifications'),
  /** How often a worker process reports overage to Stripe's meter. */
  BILLING_USAGE_FLUSH_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  /**
   * Text messages through Twilio (decision 053): all three set, SMS is on; none, it is off (the
   * console says so). The auth token also verifies Twilio's status callbacks.
   */
  TWILIO_ACCOUNT_SID: z
    .string()
    .regex(/^AC[0-9a-fA-F]{32}$/, 'TWILIO_ACCOUNT_SID must be AC followed by 32 hex characters')
    .optional(),
  TWILIO_AUTH_TOKEN: z.string().min(16, 'TWILIO_AUTH_TOKEN must be at least 16 characters').optional(),
  /** The sender: a Twilio number in E.164 (+15005550006) or a Messaging Service SID (MG…). */
  TWILIO_FROM_NUMBER: z
    .string()
    .regex(
      /^(\+[1-9]\d{6,14}|MG[0-9a-fA-F]{32})$/,
      'TWILIO_FROM_NUMBER must be an E.164 number or a Messaging Service SID',
    )
    .optional(),
  /** Where the Twilio REST API is; tests point it at a local fake. */
  TWILIO_API_URL: z.url().default('https://api.twilio.com'),
  /**
   * Text messages the whole installation may send an hour (codes, tests and leads' texts): a
   * ceiling on the Twilio bill, whoever asks (issue 47).
   */
  SMS_PER_HOUR: z.coerce.number().int().min(1).default(300),
  /**
   * The countries whose mobile numbers may be texted (ISO 3166 codes, comma-separated). The default
   * is the English-speaking markets the console is written for: SMS pumping pays off through
   * expensive foreign routes, so every other country is a choice the operator makes.
   */
  SMS_ALLOWED_COUNTRIES: z.string().default(DEFAULT_SMS_COUNTRIES).transform(parseCountryList),
  /**
   * Mail the whole installation may send a minute on businesses' behalf to their visitors (replies
   * and acknowledgements): past it they wait, so a burst cannot cost the sender its reputation.
   */
  VISITOR_MAILS_PER_MINUTE: z.coerce.number().int().min(1).default(120),
  /** Directory of the built web app; empty disables serving it (API-only processes). */
  WEB_DIST_DIR: z.string().optional(),
});

/** Checks across variables; run even when a variable is wrong, so the list names every problem. */
const CheckedEnvSchema = EnvSchema.superRefine(
  (env, ctx) => {
    if (env.STRIPE_SECRET_KEY)
      for (const name of [
        'STRIPE_WEBHOOK_SECRET',
        'STRIPE_PRICE_GROWTH',
        'STRIPE_PRICE_PRO',
        'STRIPE_PRICE_ELITE',
      ] as const)
        if (!env[name])
          ctx.addIssue({
            code: 'custom',
            path: [name],
            message: 'required when STRIPE_SECRET_KEY is set (billing on)',
          });
    const twilio = ['TWILIO_ACCOUNT_SID', 'TWILIO_AUTH_TOKEN', 'TWILIO_FROM_NUMBER'] as const;
    if (twilio.some((name) => env[name]))
      for (const name of twilio)
        if (!env[name])
          ctx.addIssue({
            code: 'custom',
            path: [name],
            message: `required with ${twilio.filter((other) => env[other]).join(' and ')} (text messages on)`,
          });
    if (env.TELEGRAM_BOT_TOKEN && !env.TELEGRAM_BOT_USERNAME)
      ctx.addIssue({
        code: 'custom',
        path: ['TELEGRAM_BOT_USERNAME'],
        message: 'required when TELEGRAM_BOT_TOKEN is set (Telegram on): the deep link names the bot',
      });
    if (env.PUBLIC_URL !== undefined && !URL.canParse(env.PUBLIC_URL)) return;
    if (mailTransportOf(env) !== null) return;
    ctx.addIssue({
      code: 'custom',
      path: ['SMTP_URL'],
      message:
        env.MAIL_TRANSPORT === 'smtp'
          ? 'required when MAIL_TRANSPORT=smtp (e.g. smtps://user:pass@smtp.example.com:465)'
          : `required when PUBLIC_URL (${env.PUBLIC_URL}) is not http on localhost: without it, sign-up and reset codes, invitations and lead emails would only be printed to the server output. Set SMTP_URL (e.g. smtps://user:pass@smtp.example.com:465) to send them, or MAIL_TRANSPORT=log to print them on purpose.`,
    });
  },
  { when: () => true },
);

export type Env = z.infer<typeof EnvSchema> & { PUBLIC_URL: string; DATA_DIR: string; MAIL_TRANSPORT: MailTransport };

/** Parses the environment once at boot and fails with every problem listed, not just the first. */
export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const blankAsUnset = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== ''));
  const parsed = CheckedEnvSchema.safeParse(blankAsUnset);
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
    // Never null here: the schema refused the environment otherwise.
    MAIL_TRANSPORT: mailTransportOf(env) ?? 'smtp',
  };
}
