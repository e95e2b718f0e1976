import type { LeadbellApiErrorCode } from './error-codes.ts';

/** Field path (`data.email`, `flowId`, `_` for the whole body) → readable messages. */
export type LeadbellFieldErrors = Record<string, string[]>;

/** Every error the SDK throws for a failed `notify` (a caller's abort rethrows the signal's reason instead). */
export class LeadbellError extends Error {
  override name = 'LeadbellError';
  /** How many HTTP attempts were made before giving up. */
  readonly attempts: number;

  constructor(message: string, { attempts, cause }: { attempts: number; cause?: unknown }) {
    super(message, cause === undefined ? undefined : { cause });
    this.attempts = attempts;
  }
}

/** The API answered with an error (or with something that is not its JSON). */
export class LeadbellApiError extends LeadbellError {
  override name = 'LeadbellApiError';
  /** The HTTP status. */
  readonly status: number;
  /** Branch on this, never on `message`; treat a code you do not know by its `status`. */
  readonly code: LeadbellApiErrorCode;
  /** Field messages of a `validation_error` (empty otherwise). */
  readonly fields: LeadbellFieldErrors;
  /** The error's `details` as the API sent them. */
  readonly details: Record<string, unknown> | undefined;
  /** Quote it to support: the server's logs find the request by it. */
  readonly requestId: string | undefined;
  /** From `Retry-After`, when the answer had one (429, some 5xx). */
  readonly retryAfterMs: number | undefined;

  constructor(init: {
    message: string;
    status: number;
    code: LeadbellApiErrorCode;
    details: Record<string, unknown> | undefined;
    requestId: string | undefined;
    retryAfterMs: number | undefined;
    attempts: number;
  }) {
    super(init.message, { attempts: init.attempts });
    this.status = init.status;
    this.code = init.code;
    this.details = init.details;
    this.fields = fieldErrorsOf(init.details);
    this.requestId = init.requestId;
    this.retryAfterMs = init.retryAfterMs;
  }
}

/** No answer: the connection failed, or the attempt ran past `timeoutMs`. */
export class LeadbellNetworkError extends LeadbellError {
  override name = 'LeadbellNetworkError';
  /** True when the last attempt ran past `timeoutMs`. */
  readonly isTimeout: boolean;

  constructor(
    message: string,
    { attempts, cause, isTimeout }: { attempts: number; cause?: unknown; isTimeout: boolean },
  ) {
    super(message, { attempts, cause });
    this.isTimeout = isTimeout;
  }
}

function fieldErrorsOf(details: Record<string, unknown> | undefined): LeadbellFieldErrors {
  const fields = details?.fields;
  if (typeof fields !== 'object' || fields === null) return {};
  const result: LeadbellFieldErrors = {};
  for (const [name, messages] of Object.entries(fields)) {
    if (Array.isArray(messages)) result[name] = messages.filter((item): item is string => typeof item === 'string');
  }
  return result;
}
