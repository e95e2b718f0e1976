import { attemptRequest, type Attempt } from './attempt-request.ts';
import { pageSourceOf, type Attribution } from './browser-source.ts';
import { UNEXPECTED_RESPONSE } from './error-codes.ts';
import { LeadbellApiError, LeadbellNetworkError } from './errors.ts';
import { getFillToken } from './get-fill-token.ts';
import { createIdempotencyKey } from './idempotency-key.ts';
import { parseJson } from './parse-json.ts';
import {
  readOptions,
  readTimeout,
  type CallOptions,
  type LeadbellOptions,
  type ResolvedOptions,
} from './read-options.ts';
import { backoffDelayMs, isRetryableStatus, parseRetryAfter } from './retry-policy.ts';
import { abortReasonOf, sleep } from './sleep.ts';

/** What `notify` sends: the body of `POST /v1/notify` (docs/api.md). */
export type NotifyInput = {
  /** The flow whose templates are used (the console's Flows page has a copy button). */
  flowId: string;
  /** Fills the templates' `{{placeholders}}`; every field is stored with the lead. */
  data?: Record<string, string | number | boolean>;
  /** Replaces the flow's title template (placeholders still work). */
  title?: string;
  /** Replaces the flow's message template. */
  message?: string;
  /** An `https://` address opened when the notification is tapped. */
  url?: string;
  /** A test: delivered with a Test badge, never counted against the plan. */
  test?: boolean;
  /**
   * In a browser: what `getFillToken` resolved to when the form's page loaded. A form sent within
   * 3 seconds of it, or with one forged, used before or older than 4 hours, counts towards spam.
   * Leave it out on a server.
   */
  fillToken?: string;
  /** Cloudflare Turnstile's token (`cf-turnstile-response`), for a flow that asks for the CAPTCHA. */
  turnstileToken?: string;
  /** The page the lead was sent from. In a browser, when left out: the page's address. */
  pageUrl?: string;
  /**
   * The site that sent the visitor. In a browser, when left out: the one they arrived from (kept
   * for 30 days in localStorage), none when they came straight in.
   */
  referrer?: string;
  /**
   * The landing page's `utm_*`, `gclid` and `fbclid`. In a browser, when left out: those of the
   * page the visitor arrived on (kept for 30 days in localStorage).
   */
  attribution?: Attribution;
};

export type NotifyOptions = CallOptions & {
  /**
   * Makes retries safe: for 24 hours the same key answers the first result and creates nothing
   * new. 1–255 visible ASCII characters, such as an order number. Default: a new UUID per call,
   * reused by that call's retries.
   */
  idempotencyKey?: string;
};

/** `accepted`: on its way to the owner. `held`: stored, not delivered until the plan allows. */
export type KnownNotifyStatus = 'accepted' | 'held';

/** A newer server may answer a status not listed in `KnownNotifyStatus`. */
export type NotifyStatus = KnownNotifyStatus | (string & {});

/** The 202 answer. */
export type NotifyResult = {
  id: string;
  flowId: string;
  createdAt: string;
  status: NotifyStatus;
  /** Past the business's plan limit: stored, but delivered only once it chooses a larger plan. */
  held: boolean;
  /** Only when held: why it was not delivered, to log. */
  warning?: string;
  test: boolean;
  /** `data` fields no placeholder of the templates used (often a spelling difference). */
  unusedFields: string[];
};

const IDEMPOTENCY_KEY = /^[\x21-\x7e]{1,255}$/;

/** A client for Leadbell's public API. */
export class Leadbell {
  readonly #options: ResolvedOptions;

  constructor(options: LeadbellOptions) {
    this.#options = readOptions(options);
  }

  /**
   * Sends a notification (`POST /v1/notify`) and resolves with the 202 answer once it is stored.
   * Retries 429, 5xx and network errors with the same `Idempotency-Key`; throws
   * `LeadbellApiError` for an error answer and `LeadbellNetworkError` when no answer came.
   */
  async notify(input: NotifyInput, options: NotifyOptions = {}): Promise<NotifyResult> {
    const { signal } = options;
    if (signal?.aborted) throw abortReasonOf(signal);
    if (typeof input !== 'object' || input === null) {
      throw new TypeError('Leadbell: notify takes an object: notify({ flowId, data }).');
    }
    const idempotencyKey = options.idempotencyKey ?? createIdempotencyKey();
    if (typeof idempotencyKey !== 'string' || !IDEMPOTENCY_KEY.test(idempotencyKey)) {
      throw new TypeError('Leadbell: idempotencyKey must be 1 to 255 visible ASCII characters (no spaces).');
    }
    const timeoutMs = readTimeout(options.timeoutMs, 'timeoutMs', this.#options.timeoutMs);
    const { flowId, data, title, message, url, test, fillToken, turnstileToken } = input;
    // What the caller gives wins, field by field, over what the browser page says.
    const page = pageSourceOf();
    const body = JSON.stringify({
      flowId,
      data,
      title,
      message,
      url,
      test,
      fillToken,
      turnstileToken,
      pageUrl: input.pageUrl ?? page.pageUrl,
      referrer: input.referrer ?? page.referrer,
      attribution: input.attribution ?? page.attribution,
    });
    const { maxRetries, retryBaseDelayMs, retryMaxDelayMs, maxRetryAfterMs } = this.#options;

    for (let attempts = 1; ; attempts++) {
      const attempt = await this.#send(body, idempotencyKey, timeoutMs, signal);
      let error: LeadbellApiError | LeadbellNetworkError;
      let isRetryable: boolean;
      if (attempt.kind === 'no-answer') {
        error = networkErrorOf(attempt, { attempts, timeoutMs, url: this.#options.notifyUrl });
        isRetryable = true;
      } else {
        const { response, text } = attempt;
        if (response.ok) return notifyResultOf(response, text, input, attempts);
        error = apiErrorOf(response, text, attempts);
        isRetryable = isRetryableStatus(response.status);
      }
      if (!isRetryable || attempts > maxRetries) throw error;
      const retryAfterMs = error instanceof LeadbellApiError ? error.retryAfterMs : undefined;
      if (retryAfterMs !== undefined && retryAfterMs > maxRetryAfterMs) throw error;
      await sleep(
        retryAfterMs ?? backoffDelayMs(attempts, { baseMs: retryBaseDelayMs, maxMs: retryMaxDelayMs }),
        signal,
      );
    }
  }

  /**
   * Asks for the fill-time token of a form's page (`GET /v1/fill-token`, no key sent): call it when
   * the page loads and pass what it resolves to as `notify`'s `fillToken`. One attempt; resolves
   * undefined, never throws, when no token came (network, error answer, unexpected body): the form
   * is then sent without one. Rejects only for a mistake in the call (a TypeError) or with the
   * signal's reason.
   */
  getFillToken(flowId: string, options: CallOptions = {}): Promise<string | undefined> {
    return getFillToken(this.#options, flowId, options);
  }

  #send(body: string, idempotencyKey: string, timeoutMs: number, signal: AbortSignal | undefined): Promise<Attempt> {
    return attemptRequest(
      this.#options.fetch,
      this.#options.notifyUrl,
      {
        method: 'POST',
        // Only headers the endpoint's CORS preflight allows, so the same client works in a browser.
        headers: {
          authorization: `Bearer ${this.#options.apiKey}`,
          'content-type': 'application/json',
          accept: 'application/json',
          'idempotency-key': idempotencyKey,
        },
        body,
        // A redirect would turn the POST into a GET (or send the key to another address): say so instead.
        redirect: 'manual',
      },
      { timeoutMs, signal },
    );
  }
}

function notifyResultOf(response: Response, text: string, input: NotifyInput, attempts: number): NotifyResult {
  const body = parseJson(text);
  if (
    isRecord(body) &&
    typeof body.id === 'string' &&
    typeof body.flowId === 'string' &&
    typeof body.createdAt === 'string' &&
    typeof body.status === 'string'
  ) {
    return {
      id: body.id,
      flowId: body.flowId,
      createdAt: body.createdAt,
      status: body.status,
      // A server older than these fields omits them.
      held: typeof body.held === 'boolean' ? body.held : body.status === 'held',
      ...(typeof body.warning === 'string' ? { warning: body.warning } : {}),
      test: typeof body.test === 'boolean' ? body.test : input.test === true,
      unusedFields: Array.isArray(body.unusedFields)
        ? body.unusedFields.filter((field): field is string => typeof field === 'string')
        : [],
    };
  }
  throw unexpectedResponseError(response, text, attempts, `answered ${response.status} without a notification`);
}

function apiErrorOf(response: Response, text: string, attempts: number): LeadbellApiError {
  const retryAfterMs = parseRetryAfter(response.headers.get('retry-after'));
  const headerRequestId = response.headers.get('x-request-id') ?? undefined;
  if (response.type === 'opaqueredirect' || (response.status >= 300 && response.status < 400)) {
    const location = response.headers.get('location');
    return unexpectedResponseError(
      response,
      '',
      attempts,
      `redirected ${location ? `to ${location}` : 'elsewhere'}: set baseUrl to the address the API answers at`,
    );
  }
  const error = (parseJson(text) as { error?: unknown } | undefined)?.error;
  if (!isRecord(error) || typeof error.code !== 'string') {
    return unexpectedResponseError(
      response,
      text,
      attempts,
      `answered ${response.status} ${response.statusText}`.trim(),
    );
  }
  return new LeadbellApiError({
    message: typeof error.message === 'string' ? error.message : `Leadbell answered ${response.status} ${error.code}.`,
    status: response.status,
    code: error.code,
    details: isRecord(error.details) ? error.details : undefined,
    requestId: typeof error.requestId === 'string' ? error.requestId : headerRequestId,
    retryAfterMs,
    attempts,
  });
}

function unexpectedResponseError(response: Response, text: string, attempts: number, what: string) {
  const excerpt = text.trim().replace(/\s+/g, ' ').slice(0, 200);
  return new LeadbellApiError({
    message: `Leadbell at ${response.url || 'baseUrl'} ${what}${excerpt ? `: ${excerpt}` : ''}`,
    status: response.status,
    code: UNEXPECTED_RESPONSE,
    details: undefined,
    requestId: response.headers.get('x-request-id') ?? undefined,
    retryAfterMs: parseRetryAfter(response.headers.get('retry-after')),
    attempts,
  });
}

function networkErrorOf(
  attempt: Extract<Attempt, { kind: 'no-answer' }>,
  { attempts, timeoutMs, url }: { attempts: number; timeoutMs: number; url: string },
): LeadbellNetworkError {
  const tries = attempts === 1 ? '1 attempt' : `${attempts} attempts`;
  const reason = attempt.isTimeout ? `no answer within ${timeoutMs} ms` : describeCause(attempt.cause);
  return new LeadbellNetworkError(`Could not reach Leadbell at ${url} (${tries}): ${reason}`, {
    attempts,
    cause: attempt.cause,
    isTimeout: attempt.isTimeout,
  });
}

// Node's fetch says only "fetch failed" and keeps the reason (ECONNREFUSED, ENOTFOUND) in its cause.
function describeCause(cause: unknown): string {
  const messages: string[] = [];
  for (let current = cause, depth = 0; current instanceof Error && depth < 3; current = current.cause, depth++) {
    const code = (current as { code?: unknown }).code;
    messages.push(
      typeof code === 'string' && !current.message.includes(code) ? `${current.message} (${code})` : current.message,
    );
  }
  return messages.join(': ') || String(cause);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
