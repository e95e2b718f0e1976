/**
 * Where a lane's work comes from: job_outbox's take, the deliveries due, pg-boss's queue. A fetch
 * asks the sources a wake-up named, in the lane's order, for as many units as the lane has room.
 */
export type LaneSource<Unit> = {
  name: string;
  /**
   * Free slots a lane with units in flight waits for before it asks this source: a backlog is
   * fetched many at a time rather than a unit each time one ends (issue 23). 0: asked at every
   * wake-up, even with no slot free (the outbox's take: it also moves leads a console reads).
   */
  refill: number;
  /** Up to `room` units (none when `room` is 0). A full answer means more may wait. */
  take: (room: number) => Promise<Unit[]>;
};

/** Slots several lanes draw from (the channels' lanes), and each lane's wake-up for when one frees. */
export type SharedSlots = { free: number; wakeUps: Set<() => void> };

export type LaneState = {
  inFlight: number;
  isFetching: boolean;
  /** Sources that may have work: named by a wake-up, or whose last answer was full. */
  wanted: ReadonlySet<string>;
};

/**
 * The next source a fetch asks, and for how many units, or null when it waits: nothing wanted, or
 * too few free slots for every wanted source (see LaneSource.refill). Sources are asked in order,
 * oldest work first: a later source gets no room while an earlier one waits for its refill.
 */
export function nextAsk<Unit>(
  state: LaneState,
  {
    sources,
    concurrency,
    sharedFree = Infinity,
  }: { sources: LaneSource<Unit>[]; concurrency: number; sharedFree?: number },
): { source: LaneSource<Unit>; room: number } | null {
  const room = Math.max(0, Math.min(concurrency - state.inFlight, sharedFree));
  let isBehindWaitingWork = false;
  for (const source of sources) {
    if (!state.wanted.has(source.name)) continue;
    // Work an earlier source holds waited longer than anything a later one would start (first in,
    // first out): behind it, a source asked at every wake-up still runs, with no room.
    if (source.refill === 0) return { source, room: isBehindWaitingWork ? 0 : room };
    const needed = state.inFlight > 0 ? source.refill : 1;
    if (room >= needed) return { source, room };
    isBehindWaitingWork = true;
  }
  return null;
}

/**
 * One lane of the delivery worker (decision 054): up to `concurrency` units running at once, fetched
 * from its sources when woken. Its state is LaneState: units in flight, whether a fetch is under
 * way, and which sources may have work. A wake-up during a fetch is kept in `wanted` and asked in
 * the next round; a unit that ends frees a slot and may start a fetch.
 */
export function startLane<Unit>({
  sources,
  concurrency,
  shared,
  run,
  onError,
}: {
  sources: LaneSource<Unit>[];
  concurrency: number;
  /** Slots shared with other lanes, besides this lane's own `concurrency`. */
  shared?: SharedSlots;
  /** Runs one unit; errors are its own to handle (a rejection is reported and dropped). */
  run: (unit: Unit) => Promise<void>;
  onError: (error: unknown, source: string) => void;
}) {
  let inFlight = 0;
  let isFetching = false;
  let isStopped = false;
  const wanted = new Set<string>();
  const idle = new Set<() => void>();

  function start(unit: Unit): void {
    inFlight += 1;
    void run(unit)
      .catch((error: unknown) => onError(error, 'run'))
      .finally(() => {
        inFlight -= 1;
        if (shared) {
          shared.free += 1;
          for (const wakeUp of shared.wakeUps) wakeUp();
        } else void fetch();
        if (inFlight === 0) for (const resolve of idle) resolve();
      });
  }

  async function fetch(): Promise<void> {
    if (isFetching || isStopped) return;
    isFetching = true;
    try {
      for (;;) {
        const ask = nextAsk({ inFlight, isFetching, wanted }, { sources, concurrency, sharedFree: shared?.free });
        if (!ask || isStopped) break;
        const { source, room } = ask;
        wanted.delete(source.name);
        // Shared slots are taken before the fetch, so two lanes fetching at once never take more.
        if (shared) shared.free -= room;
        let units: Unit[] = [];
        try {
          units = await source.take(room);
        } catch (error) {
          onError(error, source.name);
          // Asked again at the next wake-up (the poll comes every second).
          break;
        } finally {
          if (shared) shared.free += room - units.length;
        }
        if (room > 0 && units.length >= room) wanted.add(source.name);
        for (const unit of units) start(unit);
        // Shared slots taken for the fetch and not used may be what another lane waits for.
        if (shared && units.length < room) for (const wakeUp of shared.wakeUps) wakeUp();
      }
    } finally {
      isFetching = false;
    }
  }
  shared?.wakeUps.add(() => void fetch());

  return {
    /** Asks these sources (every source by default) at the next fetch, which starts now if it can. */
    wake(names: readonly string[] = sources.map((source) => source.name)): void {
      if (isStopped) return;
      for (const name of names) wanted.add(name);
      void fetch();
    },
    state: (): LaneState => ({ inFlight, isFetching, wanted: new Set(wanted) }),
    /** Fetches no more; waits up to `graceMs` for the units in flight. */
    async stop(graceMs: number): Promise<void> {
      isStopped = true;
      if (inFlight === 0) return;
      await new Promise<void>((resolve) => {
        idle.add(resolve);
        setTimeout(resolve, graceMs).unref();
      });
    },
  };
}

export type Lane = ReturnType<typeof startLane>;
