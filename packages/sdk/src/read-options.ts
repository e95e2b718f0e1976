export type LeadbellOptions = {
  /**
   * An API key from the console's _API_ page. On a server, read it from the environment; in
   * browser code, use a key restricted to your site's origins.
   */
  apiKey: string | undefined;
  /** Your Leadbell address, for example `https://leadbell.example.com`. */
  baseUrl: string;
  /** Retries after the first attempt, for 429, 5xx and network errors. Default 3 (so at most 4 attempts). */
  maxRetries?: number;
  /** Each attempt's time limit in milliseconds. Default 10,000; `Infinity` for none. */
  timeoutMs?: number;
  /** The first retry waits up to this many milliseconds, the next up to twice as long, and so on. Default 500. */
  retryBaseDelayMs?: number;
  /** The longest wait between attempts when the server does not say (`Retry-After`). Default 8,000. */
  retryMaxDelayMs?: number;
  /**
   * A `Retry-After` longer than this is not waited for: the error is thrown at once, with
   * `retryAfterMs` set, so you can schedule the retry yourself. Default 60,000.
   */
  maxRetryAfterMs?: number;
  /** A `fetch` to use instead of the global one. */
  fetch?: typeof fetch;
};

/** What every call takes besides its input. */
export type CallOptions = {
  /** Aborting stops the call at once (no further attempt); the call rejects with the signal's reason. */
  signal?: AbortSignal;
  /** This call's time limit per attempt, in milliseconds (overrides the client's `timeoutMs`). */
  timeoutMs?: number;
};

export type ResolvedOptions = {
  apiKey: string;
  notifyUrl: string;
  fillTokenUrl: string;
  maxRetries: number;
  timeoutMs: number;
  retryBaseDelayMs: number;
  retryMaxDelayMs: number;
  maxRetryAfterMs: number;
  fetch: typeof fetch;
};

/** Checks the constructor's options: a mistake here throws a TypeError that says how to fix it. */
export function readOptions(options: LeadbellOptions): ResolvedOptions {
  if (typeof options !== 'object' || options === null) {
    throw new TypeError('Leadbell: pass an options object: new Leadbell({ apiKey, baseUrl }).');
  }
  const fetchImplementation = options.fetch ?? globalThis.fetch;
  if (typeof fetchImplementation !== 'function') {
    throw new TypeError('Leadbell: this runtime has no global fetch (Node 18 or later has one); pass options.fetch.');
  }
  const apiKey = readApiKey(options.apiKey);
  const baseUrl = readBaseUrl(options.baseUrl);
  return {
    apiKey,
    notifyUrl: new URL('v1/notify', baseUrl).toString(),
    fillTokenUrl: new URL('v1/fill-token', baseUrl).toString(),
    maxRetries: readNumber(options.maxRetries, 'maxRetries', 3, { isInteger: true }),
    timeoutMs: readTimeout(options.timeoutMs, 'timeoutMs', 10_000),
    retryBaseDelayMs: readNumber(options.retryBaseDelayMs, 'retryBaseDelayMs', 500),
    retryMaxDelayMs: readNumber(options.retryMaxDelayMs, 'retryMaxDelayMs', 8_000),
    maxRetryAfterMs: readNumber(options.maxRetryAfterMs, 'maxRetryAfterMs', 60_000),
    // Called through a wrapper: a browser's fetch throws "Illegal invocation" when called as a method of another object.
    fetch: (input, init) => fetchImplementation(input, init),
  };
}

/** A per-call or per-client time limit: a positive number of milliseconds, or Infinity for none. */
export function readTimeout(value: unknown, name: string, fallback: number): number {
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || Number.isNaN(value) || value <= 0) {
    throw new TypeError(
      `Leadbell: ${name} must be a positive number of milliseconds (or Infinity), got ${String(value)}.`,
    );
  }
  return value;
}

function readApiKey(value: unknown): string {
  if (value === undefined || value === null || value === '') {
    throw new TypeError(
      "Leadbell: apiKey is missing. Pass the key from the console's API page, for example apiKey: process.env.LEADBELL_API_KEY, and check that the variable is set.",
    );
  }
  if (typeof value !== 'string') throw new TypeError(`Leadbell: apiKey must be a string, got ${typeof value}.`);
  // A header cannot carry these: fetch would fail on every attempt as if the network were down.
  if (/\s/.test(value)) {
    throw new TypeError(
      'Leadbell: apiKey contains spaces or line breaks (a trailing newline from a file?). Remove them.',
    );
  }
  if (/[^\x21-\x7e]/.test(value)) {
    throw new TypeError('Leadbell: apiKey must be plain ASCII characters, as the console shows it.');
  }
  return value;
}

function readBaseUrl(value: unknown): URL {
  const example = 'for example baseUrl: "https://leadbell.example.com"';
  if (typeof value !== 'string' || value.trim() === '') {
    throw new TypeError(`Leadbell: baseUrl is missing. Pass your Leadbell address, ${example}.`);
  }
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new TypeError(`Leadbell: baseUrl must be an absolute http(s) URL, ${example}; got "${value}".`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new TypeError(`Leadbell: baseUrl must start with https:// (or http://), ${example}; got "${value}".`);
  }
  if (url.username || url.password) {
    throw new TypeError('Leadbell: baseUrl must not contain a user name or password; pass the key as apiKey.');
  }
  if (url.search || url.hash) {
    throw new TypeError(`Leadbell: baseUrl must not have a query or a fragment, ${example}; got "${value}".`);
  }
  if (/\/v1\/?$/.test(url.pathname)) {
    throw new TypeError(`Leadbell: baseUrl is your Leadbell address without /v1, ${example}; got "${value}".`);
  }
  // Resolve "v1/…" under the given path too (a Leadbell behind https://example.com/leadbell).
  if (!url.pathname.endsWith('/')) url.pathname += '/';
  return url;
}

function readNumber(value: unknown, name: string, fallback: number, { isInteger = false } = {}): number {
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0 || (isInteger && !Number.isInteger(value))) {
    throw new TypeError(
      `Leadbell: ${name} must be ${isInteger ? 'a whole number' : 'a number'} of 0 or more, got ${String(value)}.`,
    );
  }
  return value;
}
