/**
 * `call` at most once every `spacingMs`: the first call after a quiet spell runs at once, the calls
 * that follow within the spacing run once, together, when it ends (a throttle with both edges).
 * For wake-ups whose work takes in everything waiting, so one late call serves all that came.
 */
export function paced(call: () => void, spacingMs: number): () => void {
  let lastCalledAt = -Infinity;
  let timer: NodeJS.Timeout | null = null;
  const callNow = () => {
    timer = null;
    lastCalledAt = performance.now();
    call();
  };
  return () => {
    if (timer) return;
    const wait = lastCalledAt + spacingMs - performance.now();
    if (wait <= 0) callNow();
    else timer = setTimeout(callNow, wait);
  };
}
