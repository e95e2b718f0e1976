/**
 * A rate decision with what the `RateLimit-*` headers tell the caller: the burst (`limit`), the
 * requests left now, and the seconds until the bucket is full again (`resetSeconds`).
 */
export type RateDecision = { limit: number; remaining: number; resetSeconds: number } & (
  { isAllowed: true } | { isAllowed: false; retryAfterSeconds: number }
);

export type RateLimiter = { take: (key: string, now?: number) => RateDecision };

type Bucket = { tokens: number; updatedAt: number };

/** The `RateLimit-Limit`, `RateLimit-Remaining` and `RateLimit-Reset` headers of a decision. */
export function rateLimitHeaders(decision: RateDecision): Record<string, string> {
  return {
    'ratelimit-limit': String(decision.limit),
    'ratelimit-remaining': String(decision.remaining),
    'ratelimit-reset': String(decision.resetSeconds),
  };
}

/**
 * A token bucket per API key, in this process's memory: `burst` requests at once, refilled at
 * `ratePerSecond`. With several server processes each keeps its own buckets, so the effective
 * limit is per process (documented in docs/api.md); cheap enough to never slow ingestion down.
 */
export function createRateLimiter({
  ratePerSecond,
  burst,
  maxKeys = 100_000,
}: {
  ratePerSecond: number;
  burst: number;
  maxKeys?: number;
}): RateLimiter {
  const buckets = new Map<string, Bucket>();
  return {
    take(key, now = Date.now()) {
      const bucket = buckets.get(key) ?? { tokens: burst, updatedAt: now };
      bucket.tokens = Math.min(burst, bucket.tokens + ((now - bucket.updatedAt) / 1000) * ratePerSecond);
      bucket.updatedAt = now;
      // Re-inserting keeps the Map in least-recently-used order, so the oldest key is evicted first.
      buckets.delete(key);
      if (buckets.size >= maxKeys) buckets.delete(buckets.keys().next().value!);
      buckets.set(key, bucket);
      const isAllowed = bucket.tokens >= 1;
      if (isAllowed) bucket.tokens -= 1;
      const state = {
        limit: burst,
        remaining: Math.floor(bucket.tokens),
        resetSeconds: Math.ceil((burst - bucket.tokens) / ratePerSecond),
      };
      if (isAllowed) return { ...state, isAllowed };
      return { ...state, isAllowed, retryAfterSeconds: Math.max(1, Math.ceil((1 - bucket.tokens) / ratePerSecond)) };
    },
  };
}
