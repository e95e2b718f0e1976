import type { ErrorCode, FieldErrors } from '@leadbell/shared/error-codes';
import { reportReachable, reportUnavailable } from './connection-status.ts';

export const NETWORK_ERROR_MESSAGE = 'Network error. Please check your connection and try again.';
const FALLBACK_MESSAGE = 'Something went wrong, please try again.';

/** An answer in the API's error envelope (or a non-2xx answer without one). */
export class ApiError extends Error {
  readonly status: number;
  readonly code: ErrorCode | (string & {});
  readonly fields: FieldErrors;
  /** Seconds from a `Retry-After` header (429 answers), when the server sent one. */
  readonly retryAfterSeconds: number | null;
  /** The envelope's `details` as sent, e.g. a lost claim's `details.lead` (who holds it). */
  readonly details: Record<string, unknown>;

  constructor(
    status: number,
    code: string,
    message: string,
    fields: FieldErrors = {},
    retryAfterSeconds: number | null = null,
    details: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.fields = fields;
    this.retryAfterSeconds = retryAfterSeconds;
    this.details = details;
  }
}

/** The request never got an answer: offline, DNS, connection refused. */
export class NetworkError extends Error {
  constructor(options?: { cause?: unknown }) {
    super(NETWORK_ERROR_MESSAGE, options);
    this.name = 'NetworkError';
  }
}

type RequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
  /** Extra request headers, e.g. `X-Api-Key` for the public endpoint. */
  headers?: Record<string, string>;
};

function isEnvelope(
  value: unknown,
): value is { error: { code: string; message: string; details?: { fields?: FieldErrors } & Record<string, unknown> } } {
  if (typeof value !== 'object' || value === null || !('error' in value)) return false;
  const error = (value as { error: unknown }).error;
  return typeof error === 'object' && error !== null && 'code' in error && 'message' in error;
}

/** `Retry-After` as whole seconds; accepts both forms the header allows (seconds or an HTTP date). */
export function parseRetryAfter(value: string | null, now = Date.now()): number | null {
  if (!value) return null;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  const at = Date.parse(trimmed);
  if (Number.isNaN(at)) return null;
  return Math.max(0, Math.ceil((at - now) / 1000));
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

// The server takes a state change made with the session cookie only as JSON (issue 47): an action
// without input (claim, leave, rotate a secret) sends an empty object.
const JSON_BODY_METHODS = new Set<RequestOptions['method']>(['POST', 'PUT', 'PATCH']);

/**
 * Calls the Leadbell API on the same origin and returns the parsed JSON body.
 * Throws `ApiError` for any non-2xx answer and `NetworkError` when no answer arrives.
 */
export async function apiRequest<T>(
  path: string,
  { method = 'GET', body, signal, headers }: RequestOptions = {},
): Promise<T> {
  const sent = body === undefined && JSON_BODY_METHODS.has(method) ? {} : body;
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      signal,
      credentials: 'include',
      headers: {
        Accept: 'application/json',
        ...(sent === undefined ? {} : { 'Content-Type': 'application/json' }),
        ...headers,
      },
      body: sent === undefined ? undefined : JSON.stringify(sent),
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    reportUnavailable();
    throw new NetworkError({ cause: error });
  }
  // Feeds the console's one connection status (the "Reconnecting…" banner): a 503 means the
  // database is briefly away; any other answer means Leadbell is reachable.
  if (response.status === 503) reportUnavailable();
  else reportReachable();

  const payload = await readJson(response);
  if (!response.ok) {
    const retryAfter = parseRetryAfter(response.headers.get('retry-after'));
    if (isEnvelope(payload)) {
      const { code, message, details } = payload.error;
      throw new ApiError(response.status, code, message, details?.fields ?? {}, retryAfter, details ?? {});
    }
    const code = response.status === 401 ? 'unauthorized' : response.status === 429 ? 'rate_limited' : 'internal_error';
    throw new ApiError(response.status, code, FALLBACK_MESSAGE, {}, retryAfter);
  }
  return payload as T;
}

/**
 * A failure that says Leadbell is briefly out of reach (503 `service_unavailable`, or no answer at
 * all) rather than anything about the request: worth retrying, and shown as "Reconnecting…".
 */
export function isOutageError(error: unknown): boolean {
  return error instanceof NetworkError || (error instanceof ApiError && error.status === 503);
}

/** The message to show for any error thrown by `apiRequest` (or anything else). */
export function errorMessage(error: unknown, fallback = FALLBACK_MESSAGE): string {
  if (error instanceof NetworkError) return error.message;
  if (error instanceof ApiError && error.message) return error.message;
  return fallback;
}
