import { AppError } from '../../http/app-error.ts';

/** The ingestion rate per API key: `burst` requests at once, refilled at `ratePerSecond`. */
export type NotifyRate = { ratePerSecond: number; burst: number };

type RateState = { limit: number; remaining: number; resetSeconds: number };

/** A refusal, with the seconds until the next token. */
export type RateRefusal = RateState & { isAllowed: false; retryAfterSeconds: number };

/**
 * A rate decision with what the `RateLimit-*` headers tell the caller: the burst (`limit`), the
 * requests left now, and the seconds until the bucket is full again (`resetSeconds`).
 */
export type RateDecision = (RateState & { isAllowed: true }) | RateRefusal;

// From the tokens the key's bucket holds after the request. The bucket itself lives in
// PostgreSQL, shared by every server process (decision 028).
function rateStateOf({ ratePerSecond, burst }: NotifyRate, tokensLeft: number): RateState {
  return {
    limit: burst,
    remaining: Math.max(0, Math.floor(tokensLeft)),
    resetSeconds: Math.max(0, Math.ceil((burst - tokensLeft) / ratePerSecond)),
  };
}

/** A request within its key's rate, which left `tokensLeft` in the bucket. */
export function allowedRate(rate: NotifyRate, tokensLeft: number): RateDecision {
  return { ...rateStateOf(rate, tokensLeft), isAllowed: true };
}

/** A request past its key's rate, refused with `tokensLeft` (less than one) in the bucket. */
export function refusedRate(rate: NotifyRate, tokensLeft: number): RateRefusal {
  return {
    ...rateStateOf(rate, tokensLeft),
    isAllowed: false,
    retryAfterSeconds: Math.max(1, Math.ceil((1 - tokensLeft) / rate.ratePerSecond)),
  };
}

/** The `RateLimit-Limit`, `RateLimit-Remaining` and `RateLimit-Reset` headers of a decision. */
export function rateLimitHeaders(decision: RateDecision): Record<string, string> {
  return {
    'ratelimit-limit': String(decision.limit),
    'ratelimit-remaining': String(decision.remaining),
    'ratelimit-reset': String(decision.resetSeconds),
  };
}

/** The 429 of a request past its key's rate, with `Retry-After` and the `RateLimit-*` headers. */
export function rateLimitedError(decision: RateRefusal): AppError {
  return new AppError(
    'rate_limited',
    `Too many notifications for this API key. Retry in ${decision.retryAfterSeconds} s.`,
    { headers: { ...rateLimitHeaders(decision), 'retry-after': String(decision.retryAfterSeconds) } },
  );
}
