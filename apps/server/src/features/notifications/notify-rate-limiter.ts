export type RateDecision = { isAllowed: true } | { isAllowed: false; retryAfterSeconds: number };

export type RateLimiter = { take: (key: string, now?: number) => RateDecision };

type Bucket = { tokens: number; updatedAt: number };

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
      if (bucket.tokens >= 1) {
        bucket.tokens -= 1;
        return { isAllowed: true };
      }
      return { isAllowed: false, retryAfterSeconds: Math.max(1, Math.ceil((1 - bucket.tokens) / ratePerSecond)) };
    },
  };
}
