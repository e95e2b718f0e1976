import { performance } from 'node:perf_hooks';
import type { TelegramConfig } from './telegram-config.ts';

/** Each Bot API call's own limit (issue 27: a channel failing never delays the others). */
export const TELEGRAM_TIMEOUT_MS = 5000;

export type TelegramAnswer = {
  /** Null when no answer came (timeout, connection refused). */
  statusCode: number | null;
  durationMs: number;
  ok: boolean;
  result: unknown;
  /** Telegram's `description`, or why no answer came. */
  error: string | null;
  /** Telegram's `parameters.retry_after` on 429, in seconds. */
  retryAfterSeconds: number | null;
};

/** Calls one Bot API method (`POST <api>/bot<token>/<method>` with a JSON body); never throws. */
export async function callTelegram(
  config: Pick<TelegramConfig, 'apiUrl' | 'token'>,
  method: string,
  body: Record<string, unknown>,
  timeoutMs = TELEGRAM_TIMEOUT_MS,
  /** Ends the call early: a stopping worker's long poll. */
  signal?: AbortSignal,
): Promise<TelegramAnswer> {
  const started = performance.now();
  const durationMs = () => Math.round(performance.now() - started);
  try {
    const response = await fetch(`${config.apiUrl}/bot${config.token}/${method}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
      signal: signal ? AbortSignal.any([signal, AbortSignal.timeout(timeoutMs)]) : AbortSignal.timeout(timeoutMs),
    });
    const answer = (await response.json().catch(() => null)) as {
      ok?: boolean;
      result?: unknown;
      description?: string;
      parameters?: { retry_after?: number };
    } | null;
    const ok = response.ok && answer?.ok === true;
    return {
      statusCode: response.status,
      durationMs: durationMs(),
      ok,
      result: answer?.result ?? null,
      error: ok ? null : `Telegram ${method} answered ${response.status}: ${answer?.description ?? 'no description'}`,
      retryAfterSeconds: answer?.parameters?.retry_after ?? null,
    };
  } catch (error) {
    const reason = (error as Error).name === 'TimeoutError' ? `no answer in ${timeoutMs} ms` : (error as Error).message;
    return {
      statusCode: null,
      durationMs: durationMs(),
      ok: false,
      result: null,
      error: `Telegram ${method}: ${reason}`,
      retryAfterSeconds: null,
    };
  }
}
