import type { PushAnswer } from './web-push-sender.ts';

/**
 * How one attempt ended. `gone`: the push service says the subscription no longer exists, so it
 * is deleted. `retry`: worth trying again, after `retryAfterMs` when the service said so.
 */
export type AttemptOutcome = { statusCode: number | null; durationMs: number } & (
  | { kind: 'delivered' }
  | { kind: 'gone'; error: string }
  | { kind: 'failed'; error: string }
  | { kind: 'retry'; error: string; retryAfterMs?: number }
);

/** `Retry-After` as delay-seconds or an HTTP date (RFC 9110 §10.2.3); null when absent or unreadable. */
export function parseRetryAfter(value: string | undefined, now = Date.now()): number | null {
  if (!value) return null;
  if (/^\d+$/.test(value.trim())) return Number(value.trim()) * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? null : Math.max(0, date - now);
}

/** Push-service answers per RFC 8030 and the services' documentation (FCM, Apple, Mozilla). */
export function outcomeOfPushAnswer(answer: PushAnswer): AttemptOutcome {
  const { statusCode, durationMs } = answer;
  if (statusCode === null) {
    return { kind: answer.isPermanent ? 'failed' : 'retry', error: answer.error, statusCode, durationMs };
  }
  if (statusCode >= 200 && statusCode < 300) return { kind: 'delivered', statusCode, durationMs };
  if (statusCode === 404 || statusCode === 410) {
    return { kind: 'gone', error: 'device unsubscribed', statusCode, durationMs };
  }
  if (statusCode === 413) return { kind: 'failed', error: 'payload too large', statusCode, durationMs };
  if (statusCode === 429) {
    const retryAfterMs = parseRetryAfter(answer.retryAfter);
    return {
      kind: 'retry',
      error: 'rate limited by the push service (429)',
      ...(retryAfterMs !== null && { retryAfterMs }),
      statusCode,
      durationMs,
    };
  }
  if (statusCode >= 500) return { kind: 'retry', error: `push service error (${statusCode})`, statusCode, durationMs };
  // 400 malformed, 401/403 VAPID refused (e.g. the subscription was made with other keys): retrying changes nothing.
  return { kind: 'failed', error: `push service refused the message (${statusCode})`, statusCode, durationMs };
}
