/**
 * Group commit for any batchable call: the items of every call made while a run is under way
 * wait and go together in the next run, one at a time. Alone, a call runs at once (in the next
 * microtask, so calls made in one synchronous stretch, such as a loop starting jobs, share it);
 * under load, many calls cost one run. Each call gets the whole run's result, to pick its own
 * part from, or the run's error. With `gatherMs`, a lone call waits that long for others before
 * it runs: for callers that come a few milliseconds apart and need the result no sooner.
 */
export function batchWhileBusy<Item, Result>(
  run: (items: Item[]) => Promise<Result>,
  { gatherMs = 0 }: { gatherMs?: number } = {},
): (items: Item[]) => Promise<Result> {
  type Caller = { items: Item[]; resolve: (result: Result) => void; reject: (error: unknown) => void };
  let waiting: Caller[] = [];
  let isRunning = false;

  async function runWaiting(): Promise<void> {
    const callers = waiting;
    waiting = [];
    isRunning = true;
    try {
      const result = await run(callers.flatMap((caller) => caller.items));
      for (const caller of callers) caller.resolve(result);
    } catch (error) {
      for (const caller of callers) caller.reject(error);
    } finally {
      isRunning = false;
      if (waiting.length > 0) void runWaiting();
    }
  }

  return (items) =>
    new Promise<Result>((resolve, reject) => {
      waiting.push({ items, resolve, reject });
      if (isRunning || waiting.length > 1) return;
      if (gatherMs > 0) setTimeout(() => void runWaiting(), gatherMs);
      else queueMicrotask(() => void runWaiting());
    });
}
