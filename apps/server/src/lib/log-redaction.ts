import type pino from 'pino';

/** What a secret is replaced with in the log (pino's own word for it). */
export const REDACTED = '[Redacted]';

// Keys whose values are secrets wherever they sit in a log object, in any case or spelling
// (`x-api-key`, `apiKey`, `API_Key`, `set-auth-token`, `sessionToken`, `newPassword`, `authSecret`).
// `params` is a failed query's bound values (Drizzle): tokens, reset values, lead data.
const SECRET_KEY =
  /^(?:params|otp|cookie|set-cookie|authorization|proxy-authorization)$|(?:token|password|passwd|secret|api[-_]?key|private[-_]?key|encryption[-_]?key)$/i;

// Secrets recognised by their shape in any string of a finished log line (JSON text, so none of
// these may match a `"` or a `\`). Order matters: a bearer credential before our own prefixes.
const SECRET_SHAPES: ReadonlyArray<readonly [RegExp, string]> = [
  // An Authorization header's credentials, quoted anywhere.
  [/\b(Bearer|Basic)\s+[\w.~+/=%-]{8,}/gi, `$1 ${REDACTED}`],
  // Our own secrets carry a prefix (lib/secret-token.ts): API keys, webhook tokens, invitation tokens.
  [/\b(lb_(?:live|test)_|lbh_|lbi_)[\w-]{8,}/g, `$1${REDACTED}`],
  // Outside services' secrets an admin pastes or a URL carries (issue 47): a Slack incoming
  // webhook's path (its address is its secret, `/` percent-encoded or not), Stripe's secret and
  // restricted keys, webhook signing secrets (Stripe's and Standard Webhooks' base64, `/` and all), a
  // Telegram bot token (`<bot id>:<35 characters>`, inside `/bot<token>/` in Bot API addresses).
  [/(hooks\.slack\.com(?:\/|%2F)(?:services|workflows|triggers)(?:\/|%2F))[\w%/-]+/gi, `$1${REDACTED}`],
  [/\b((?:sk|rk)_(?:live|test)_)[A-Za-z0-9]{8,}/g, `$1${REDACTED}`],
  [/\b(whsec_)[\w+/=-]{8,}/g, `$1${REDACTED}`],
  [/(?<!\d)\d{6,12}(?::|%3A)[\w-]{30,}/gi, REDACTED],
  // better-auth's session cookies: `better-auth.session_token=<token>.<signature>`.
  [/\b(session_(?:token|data)=)[^\s;,"\\]+/g, `$1${REDACTED}`],
  // A secret in a query string.
  [/([?&](?:[\w-]*token|otp|password|secret|api_?key)=)[^\s&#"\\]+/gi, `$1${REDACTED}`],
  // A password in a connection URL: postgres://user:password@host, smtp://user:password@host.
  [/(\/\/[^\s/:@"\\]+:)[^\s/@"\\]+@/g, `$1${REDACTED}@`],
  // Drizzle ends a failed query's message with its bound values: "\nparams: …" up to the string's end.
  [/\\nparams: (?:[^"\\]|\\.)*/g, ''],
];

// One pass over a line that holds none of them, which is nearly every line.
const ANY_SECRET_SHAPE = new RegExp(SECRET_SHAPES.map(([pattern]) => pattern.source).join('|'), 'i');

const DRIZZLE_PARAMS = /\nparams: [\s\S]*$/;
// PostgreSQL quotes the offending value in some messages (22P02 `invalid input syntax for type
// uuid: "…"`, 22003 `value "…" is out of range for type integer`); names of tables, columns and
// constraints are quoted too, and stay.
const PG_VALUE_IN_MESSAGE: ReadonlyArray<readonly [RegExp, string]> = [
  [/(: )"[\s\S]*"$/, `$1"${REDACTED}"`],
  [/(\bvalue )"[\s\S]*"(?= is out of range)/, `$1"${REDACTED}"`],
];
// A `where` (CONTEXT) that quotes input: JSON parse errors, COPY rows, bind parameters when the
// server reports them. PL/pgSQL and SQL statement contexts hold code only and stay: they say
// which line of the accept function failed.
const PG_CONTEXT_WITH_VALUES = /^(?:JSON data|COPY |.*\bparameters?: |.*\bparameter \$\d+ = )/m;

const MAX_DEPTH = 10;

type Serialized = Record<string, unknown>;

function isPostgresError(error: Error): error is Error & { severity: string; code: string } {
  const { severity, code } = error as Partial<Record<'severity' | 'code', unknown>>;
  return typeof severity === 'string' && typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code);
}

function isPlainObject(value: object): value is Record<string, unknown> {
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

function messageOf(error: Error): string {
  let message = String(error.message).replace(DRIZZLE_PARAMS, '');
  if (isPostgresError(error))
    for (const [pattern, replacement] of PG_VALUE_IN_MESSAGE) message = message.replace(pattern, replacement);
  return message;
}

/** The stack with the cleaned message in its first line(s); frames only when the message cannot be found in it. */
function stackOf(error: Error, message: string): string | undefined {
  const { stack } = error;
  if (typeof stack !== 'string' || message === error.message) return stack;
  if (stack.includes(error.message)) return stack.replace(error.message, message);
  const frames = stack.split('\n').filter((line) => /^\s+at /.test(line));
  return [`${error.name}: ${message}`, ...frames].join('\n');
}

function redactField(error: Error, key: string, value: unknown, ancestors: Set<object>, depth: number): unknown {
  if (SECRET_KEY.test(key)) return REDACTED;
  if (isPostgresError(error)) {
    // `Key (email)=(…) already exists`, `Failing row contains (…)`: the row's values.
    if (key === 'detail') return REDACTED;
    if (key === 'where' && typeof value === 'string' && PG_CONTEXT_WITH_VALUES.test(value)) return REDACTED;
  }
  return redactValue(value, ancestors, depth + 1);
}

function serializeErrorWithin(error: Error, ancestors: Set<object>, depth: number): Serialized {
  const message = messageOf(error);
  const type = typeof error.constructor === 'function' ? error.constructor.name : error.name;
  const serialized: Serialized = { type, message, stack: stackOf(error, message) };
  ancestors.add(error);
  // Enumerable properties, own and inherited, as pino's own error serializer reads them.
  for (const key in error) {
    if (key in serialized || key === 'cause') continue;
    const value = (error as unknown as Record<string, unknown>)[key];
    if (typeof value === 'function') continue;
    serialized[key] = redactField(error, key, value, ancestors, depth);
  }
  // Not enumerable, and where the database's own error sits under Drizzle's or better-auth's.
  if (error.cause !== undefined) serialized.cause = redactValue(error.cause, ancestors, depth + 1);
  if (error instanceof AggregateError) serialized.errors = redactValue(error.errors, ancestors, depth + 1);
  ancestors.delete(error);
  return serialized;
}

function redactValue(value: unknown, ancestors: Set<object>, depth: number): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (ancestors.has(value)) return '[Circular]';
  if (depth > MAX_DEPTH) return '[Too deep]';
  if (value instanceof Error) return serializeErrorWithin(value, ancestors, depth);
  // Anything else (a request, a Date, a Buffer) is left to its own serializer or toJSON.
  if (!Array.isArray(value) && !isPlainObject(value)) return value;
  ancestors.add(value);
  // Copied only when something in it changes: most log objects hold no secret and no error.
  let copy: Record<string, unknown> | undefined;
  for (const [key, item] of Object.entries(value)) {
    const redacted = SECRET_KEY.test(key) ? REDACTED : redactValue(item, ancestors, depth + 1);
    if (redacted !== item)
      (copy ??= (Array.isArray(value) ? [...value] : { ...value }) as Record<string, unknown>)[key] = redacted;
  }
  ancestors.delete(value);
  return copy ?? value;
}

/**
 * An error as the log shows it: type, message, stack, its fields and its `cause` chain, without a
 * failed query's bound values (`params`, and the copy Drizzle appends to its message), without the
 * row values PostgreSQL reports (`detail`, quoted input in the message or context) and with
 * secret-named fields redacted. The SQL text, the SQLSTATE code, table, column and constraint stay.
 */
export function serializeError(error: unknown): unknown {
  return error instanceof Error ? serializeErrorWithin(error, new Set(), 0) : error;
}

/** A log object with secret-named keys redacted at any depth and every error in it serialized safely. */
export function redactLogObject(object: Record<string, unknown>): Record<string, unknown> {
  return redactValue(object, new Set(), 0) as Record<string, unknown>;
}

/** A finished log line with secrets recognised by their shape replaced: the last net for every string, message included. */
export function redactSecretShapes(line: string): string {
  if (!ANY_SECRET_SHAPE.test(line)) return line;
  let redacted = line;
  for (const [pattern, replacement] of SECRET_SHAPES) redacted = redacted.replace(pattern, replacement);
  return redacted;
}

/**
 * The one redaction layer, for every logger the server makes (request lines, the error handler,
 * jobs, mail, the auth library): pino options to spread into `pino(...)`. Errors go through
 * `serializeError` wherever they sit, keys that name secrets are redacted at any depth, and the
 * written line is scanned for secrets by their shape.
 */
export const LOG_REDACTION = {
  redact: {
    paths: ['req.headers.authorization', 'req.headers.cookie', 'req.headers["x-api-key"]', 'res.headers["set-cookie"]'],
    censor: REDACTED,
  },
  serializers: { err: serializeError },
  formatters: { log: redactLogObject },
  hooks: { streamWrite: redactSecretShapes },
} satisfies pino.LoggerOptions;
