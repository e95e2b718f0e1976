import { abortReasonOf } from './sleep.ts';

/** One request's outcome: Leadbell's answer with its body read, or why none came. */
export type Attempt =
  { kind: 'answer'; response: Response; text: string } | { kind: 'no-answer'; cause: unknown; isTimeout: boolean };

// setTimeout fires at once for delays past a signed 32-bit integer.
const LONGEST_TIMER_MS = 2 ** 31 - 1;

/**
 * Makes one request and reads its body within `timeoutMs`. A failure comes back as `no-answer`;
 * only the caller's `signal` makes it reject, with the signal's reason.
 */
export async function attemptRequest(
  fetchImplementation: typeof fetch,
  url: string,
  init: Omit<RequestInit, 'signal'>,
  { timeoutMs, signal }: { timeoutMs: number; signal: AbortSignal | undefined },
): Promise<Attempt> {
  if (signal?.aborted) throw abortReasonOf(signal);
  const controller = new AbortController();
  let isTimeout = false;
  const timer =
    timeoutMs <= LONGEST_TIMER_MS
      ? setTimeout(() => {
          isTimeout = true;
          controller.abort();
        }, timeoutMs)
      : undefined;
  const forwardAbort = () => controller.abort(signal?.reason);
  signal?.addEventListener('abort', forwardAbort, { once: true });
  try {
    const response = await fetchImplementation(url, { ...init, signal: controller.signal });
    return { kind: 'answer', response, text: await response.text() };
  } catch (cause) {
    if (signal?.aborted) throw abortReasonOf(signal);
    return { kind: 'no-answer', cause, isTimeout };
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', forwardAbort);
  }
}
