/** 429 (over the rate) and every 5xx may pass; any other 4xx will answer the same again. */
export function isRetryableStatus(status: number): boolean {
  return status === 429 || status >= 500;
}

/**
 * Exponential backoff with full jitter: a random wait between 0 and `baseMs · 2^(retry−1)`, capped
 * at `maxMs`, so many clients failing together do not come back together.
 */
export function backoffDelayMs(
  retry: number,
  { baseMs, maxMs }: { baseMs: number; maxMs: number },
  random: () => number = Math.random,
): number {
  const ceiling = Math.min(maxMs, baseMs * 2 ** (retry - 1));
  return Math.floor(random() * ceiling);
}

/**
 * A `Retry-After` header in milliseconds: delay-seconds or an HTTP date (RFC 9110 §10.2.3);
 * undefined when absent or unreadable. A date in the past means "now".
 */
export function parseRetryAfter(value: string | null, now: number = Date.now()): number | undefined {
  if (value === null) return undefined;
  const text = value.trim();
  if (/^\d+(\.\d+)?$/.test(text)) return Math.round(Number(text) * 1000);
  // Only a date names a weekday or a month: Date.parse would also read "12" or "-1" as a year.
  if (!/[a-z]/i.test(text)) return undefined;
  const date = Date.parse(text);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}
